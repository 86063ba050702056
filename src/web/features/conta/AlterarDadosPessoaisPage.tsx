import { useCallback, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { PASSWORD_LENGTH, POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../../shared/constants.ts'
import type { dadosPessoaisSchema, UserData } from '../../../shared/conta.ts'
import { formatTelemovel } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { depoisDosDados } from '../../lib/pontos-pendentes.ts'
import { usePrivateData, useSetPrivateData } from '../../lib/private-data.ts'
import { QueryView } from '../../lib/query.tsx'
import { useAgruparTelemovel } from '../../lib/telemovel.ts'
import { useConfiguracao } from '../../lib/use-configuracao.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { CheckboxField, Field, SelectField } from '../../ui/Field.tsx'
import { useHeader } from '../../ui/header.tsx'
import { LegalTextButton } from '../../ui/LegalTextButton.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { lisbonToday } from './datas.ts'
import { useDadosPessoais } from './use-dados-pessoais.ts'

/**
 * Personal data (spec §3, §5). A temporary account (new, recovered or made in store) sets its password here and has
 * no way around it: no back link, no navigation, no cancel (spec §4).
 */
export function AlterarDadosPessoaisPage() {
  const user = usePrivateData().data?.user.data
  const config = useConfiguracao()
  // Fixed when the screen opens: saving turns the account permanent, and the form must not change under the dialog.
  const [temporario] = useState(() => user?.temporario === 1)
  const [primeiraVez] = useState(() => user?.registoCompleto === false)
  useHeader('Dados pessoais', temporario ? undefined : paths.perfil)
  if (!user) return <Loading />
  return (
    <QueryView query={config}>
      {({ idadeMinima }) => (
        <DadosPessoaisForm user={user} idadeMinima={idadeMinima} comPassword={temporario} comAceitacao={primeiraVez} />
      )}
    </QueryView>
  )
}

const text = (value: string | null) => value ?? ''

type DadosSchema = ReturnType<typeof dadosPessoaisSchema>
/** Both variants of the schema as one form type: the password fields are there only for temporary accounts. */
type DadosForm = z.input<DadosSchema> & { password?: string; confirmacaoPassword?: string; aceitacao?: boolean }
type DadosValues = z.output<DadosSchema> & { password?: string; confirmacaoPassword?: string; aceitacao?: true }

interface FormProps {
  user: UserData
  idadeMinima: number
  comPassword: boolean
  comAceitacao: boolean
}

const DadosPessoaisForm = deferredForm(function DadosPessoaisForm({
  user,
  idadeMinima,
  comPassword,
  comAceitacao,
}: FormProps) {
  const navigate = useNavigate()
  const guardar = useDadosPessoais()
  const agrupar = useAgruparTelemovel(user.pais)
  const setPrivateData = useSetPrivateData()
  const schema = useCallback(
    () =>
      import('../../../shared/conta.ts').then(
        (m) =>
          m.dadosPessoaisSchema({
            idadeMinima,
            comPassword,
            comAceitacao,
            hoje: lisbonToday(),
          }) as unknown as z.ZodType<DadosValues, DadosForm>,
      ),
    [idadeMinima, comPassword, comAceitacao],
  )
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema,
    defaultValues: {
      nome: text(user.nome),
      email: text(user.email),
      dataNascimento: text(user.dataNascimento),
      genero: user.genero ?? '',
      codigoPostal: text(user.codigoPostal),
      codigoParceria: text(user.codigoParceria),
      nomeFaturacao1: text(user.nomeFaturacao1),
      nif1: text(user.nif1),
      nomeFaturacao2: text(user.nomeFaturacao2),
      nif2: text(user.nif2),
      comunicacoes: user.comunicacoes,
      ...(comPassword ? { password: '', confirmacaoPassword: '' } : {}),
      ...(comAceitacao ? { aceitacao: false } : {}),
    },
    submit: (values) => guardar.mutateAsync(values),
    onSuccess: (data) => {
      setPrivateData(data)
      submission.showDialog({
        title: 'Sucesso',
        message: 'Alteração de dados efetuada',
        // A guest who joined to keep an order's points goes back to it (lib/pontos-pendentes.ts).
        afterClose: () => void navigate(depoisDosDados(), { replace: comPassword }),
      })
    },
  })
  const { register } = form

  return (
    <main className="page" id="conteudo">
      <h1>Dados pessoais</h1>
      {/* Not a field of this form: the number is the account's login, changed (with an SMS code) on its own screen. */}
      <p className="dados-telemovel">
        Telemóvel: <strong>{formatTelemovel(user.pais, user.telemovel, agrupar)}</strong>
      </p>
      {comPassword && (
        <p className="form-intro">
          Para concluir, preencha os seus dados e defina uma password de {PASSWORD_LENGTH} dígitos.
        </p>
      )}
      <form {...NO_NATIVE_SUBMIT} className="form form-page" onSubmit={onSubmit} noValidate>
        <p className="muted form-note">Os campos assinalados com * são obrigatórios.</p>
        <Field label="Nome" required autoComplete="name" error={errorOf('nome')} {...register('nome')} />
        <Field
          label="Email"
          required
          type="email"
          autoComplete="email"
          error={errorOf('email')}
          {...register('email')}
        />
        <Field
          label="Data de nascimento"
          required
          type="date"
          autoComplete="bday"
          error={errorOf('dataNascimento')}
          {...register('dataNascimento')}
        />
        {comPassword && (
          <>
            <Field
              label="Password"
              required
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              hint={`${PASSWORD_LENGTH} dígitos`}
              error={errorOf('password')}
              {...register('password', { deps: ['confirmacaoPassword'] })}
            />
            <Field
              label="Confirmação da password"
              required
              type="password"
              inputMode="numeric"
              autoComplete="new-password"
              error={errorOf('confirmacaoPassword')}
              {...register('confirmacaoPassword')}
            />
          </>
        )}
        <SelectField label="Género" error={errorOf('genero')} {...register('genero')}>
          <option value="">Não indicado</option>
          <option value="F">Feminino</option>
          <option value="M">Masculino</option>
          <option value="N/A">Prefiro não dizer</option>
        </SelectField>
        <Field
          label="Código postal"
          autoComplete="postal-code"
          placeholder="0000-000"
          error={errorOf('codigoPostal')}
          {...register('codigoPostal')}
        />
        <Field label="Código de parceria" error={errorOf('codigoParceria')} {...register('codigoParceria')} />
        <fieldset className="form-group">
          <legend>Faturação</legend>
          <Field
            label="Nome de faturação principal"
            autoComplete="off"
            error={errorOf('nomeFaturacao1')}
            {...register('nomeFaturacao1')}
          />
          <Field
            label="NIF principal"
            inputMode="numeric"
            autoComplete="off"
            error={errorOf('nif1')}
            {...register('nif1')}
          />
          <Field
            label="Nome de faturação secundário"
            autoComplete="off"
            error={errorOf('nomeFaturacao2')}
            {...register('nomeFaturacao2')}
          />
          <Field
            label="NIF secundário"
            inputMode="numeric"
            autoComplete="off"
            error={errorOf('nif2')}
            {...register('nif2')}
          />
        </fieldset>
        <CheckboxField error={errorOf('comunicacoes')} {...register('comunicacoes')}>
          Quero receber comunicações e novidades
        </CheckboxField>
        {comAceitacao && (
          <CheckboxField error={errorOf('aceitacao')} {...register('aceitacao')}>
            Li e aceito os <LegalTextButton tag={TERMOS_TAG}>Termos e Condições</LegalTextButton> e a{' '}
            <LegalTextButton tag={POLITICA_PRIVACIDADE_TAG}>Política de privacidade</LegalTextButton> *
          </CheckboxField>
        )}
        <div className="form-actions">
          <button type="submit" className="button">
            Guardar
          </button>
          {!comPassword && (
            <Link className="button button-secondary" to={paths.perfil}>
              Cancelar
            </Link>
          )}
        </div>
      </form>
      {comPassword && (
        <p className="form-aside">
          Não quer continuar agora? <Link to={paths.logout}>Terminar sessão</Link>
        </p>
      )}
      {submission.feedback}
    </main>
  )
})
