import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { formatDateTime } from '../../../shared/format.ts'
import type {
  DefinicaoAniversario,
  PremioAniversario,
  PremioAniversarioEdicao,
  PremioAniversarioForm,
  PremioAniversarioFormSchema,
} from '../../../shared/premios-aniversario.ts'
import { descricaoPremio } from '../../../shared/premios-textos.ts'
import { CheckboxField, Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { adminGet, adminPost } from './api.ts'
import { CamposPremio, formDoPremio, premioDoForm } from './CamposPremio.tsx'
import { adminKeys } from './keys.ts'

const schema = (): Promise<typeof PremioAniversarioFormSchema> =>
  import('../../../shared/premios-aniversario.ts').then((m) => m.PremioAniversarioFormSchema)

const URL = '/definicoes/premio-aniversario'
const VAZIO: PremioAniversarioForm = {
  ativo: true,
  nome: '',
  tipo: 'produto',
  euros: '',
  cod_produto: '',
  imagem: null,
  validade_dias: '7',
}

/** `só no dia do aniversário`, `até 7 dias depois do aniversário`. */
const validade = (dias: number) =>
  dias === 0 ? 'só no dia do aniversário' : `até ${dias} ${dias === 1 ? 'dia' : 'dias'} depois do aniversário`

const emVigor = (p: PremioAniversario | null) => {
  if (!p) return 'Nenhum'
  if (!p.ativo) return `Desligado (o último definido: ${descricaoPremio(p)})`
  return `${descricaoPremio(p)}, válido ${validade(p.validade_dias)}`
}

/**
 * 'Definições' › 'Prémio de aniversário' (admins, decision 0053): whether the programme gives a reward on each
 * customer's birthday, what it gives (as the points' reward: a product or an amount off, named, with a picture) and for
 * how many days after it can be used (at the till or when ordering). A change applies to the birthdays from then on.
 */
export function PremioAniversarioSeccao() {
  const queryClient = useQueryClient()
  const definicao = useQuery({
    queryKey: adminKeys.premioAniversario(),
    queryFn: ({ signal }) => adminGet<DefinicaoAniversario>(URL, signal),
  })
  const [aviso, setAviso] = useState<string | null>(null)
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: VAZIO,
    submit: (v) =>
      adminPost<DefinicaoAniversario>(URL, {
        ...premioDoForm(v),
        ativo: v.ativo,
        validade_dias: Number(v.validade_dias),
      } satisfies PremioAniversarioEdicao),
    onSuccess: (d) => {
      queryClient.setQueryData(adminKeys.premioAniversario(), d)
      if (!d.atual) return
      setAviso(
        d.atual.ativo
          ? `Prémio de aniversário guardado: ${descricaoPremio(d.atual)}. Válido ${validade(d.atual.validade_dias)}.`
          : 'Prémio de aniversário desligado.',
      )
    },
  })
  const atual = definicao.data?.atual
  useEffect(() => {
    if (atual) {
      form.reset({ ...formDoPremio(atual), ativo: atual.ativo, validade_dias: String(atual.validade_dias) })
    }
  }, [atual, form])
  const tipo = form.watch('tipo')
  const imagem = form.watch('imagem')

  return (
    <section aria-labelledby="premio-aniversario-titulo">
      <h2 id="premio-aniversario-titulo">Prémio de aniversário</h2>
      <p>
        Oferecido no dia de anos de cada cliente com o registo completo, e válido durante os dias que escolher. O
        cliente recebe uma notificação nesse dia e usa-o na caixa, numa compra sem outros prémios.
      </p>
      <p role="status">{aviso}</p>
      {definicao.isPending && <p role="status">A carregar…</p>}
      {definicao.isError && <p role="alert">{definicao.error.message}</p>}
      {definicao.data && (
        <dl className="admin-resumo">
          <dt>Em vigor</dt>
          <dd>{emVigor(definicao.data.atual)}</dd>
          <dt>Definido em</dt>
          <dd>{definicao.data.definido_em ? formatDateTime(definicao.data.definido_em) : 'Nunca'}</dd>
        </dl>
      )}
      <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
        <CheckboxField error={errorOf('ativo')} {...form.register('ativo')}>
          Oferecer prémio de aniversário
        </CheckboxField>
        <CamposPremio
          registar={(campo) => form.register(campo)}
          erroDe={errorOf}
          tipo={tipo}
          imagem={imagem}
          onImagem={(url) => form.setValue('imagem', url, { shouldDirty: true })}
          exemploNome="Bolo oferta"
          ajudaCodigo="Opcional: o código do produto nas ementas."
        />
        <Field
          label="Válido durante (dias)"
          inputMode="numeric"
          autoComplete="off"
          required
          hint="Dias depois do aniversário em que ainda pode ser usado: 0 é só no próprio dia, até 60."
          error={errorOf('validade_dias')}
          {...form.register('validade_dias')}
        />
        <div className="admin-acoes">
          <button type="submit" className="button" disabled={!definicao.data}>
            Guardar prémio de aniversário
          </button>
        </div>
      </form>
      {submission.feedback}
    </section>
  )
}
