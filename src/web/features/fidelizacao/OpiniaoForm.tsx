import { useQueryClient } from '@tanstack/react-query'
import { type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react'
import { Controller } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { COMENTARIO_MAX, RATING_MAX } from '../../../shared/constants.ts'
import type { OpiniaoSchema, Transacao } from '../../../shared/fidelizacao.ts'
import type { LojaNome } from '../../../shared/restaurantes.ts'
import { paths } from '../../../shared/routes.ts'
import { PRIVATE_DATA_KEY } from '../../lib/private-data.ts'
import { FieldError, RequiredMark, useFieldIds } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { Stars } from '../../ui/Stars.tsx'
import { fidelizacaoKeys } from './keys.ts'
import { useOpiniao } from './use-opiniao.ts'

const loadOpiniaoSchema = (): Promise<typeof OpiniaoSchema> =>
  import('../../../shared/fidelizacao.ts').then((m) => m.OpiniaoSchema)

const SUCESSO = 'Opinião submetida com sucesso'

/** The shops grouped by restaurant, in the order the server gives them. */
function porRestaurante(lojas: LojaNome[]): [string, LojaNome[]][] {
  const grupos = new Map<string, LojaNome[]>()
  for (const loja of lojas) grupos.set(loja.restaurante, [...(grupos.get(loja.restaurante) ?? []), loja])
  return [...grupos]
}

type OpiniaoFormProps = { lojas: LojaNome[]; transacao?: never } | { transacao: Transacao; lojas?: never }

const RATINGS = [
  { name: 'rating1', label: 'Atendimento' },
  { name: 'rating2', label: 'Simpatia' },
  { name: 'rating3', label: 'Qualidade' },
] as const

/** The opinion form (OpiniaoPage), in a chunk of its own with react-hook-form and the form kit. */
export function OpiniaoForm({ lojas, transacao }: OpiniaoFormProps) {
  const opinar = useOpiniao()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema: loadOpiniaoSchema,
    defaultValues: {
      // On a transaction the shop is the transaction's (the server takes it from there too).
      loja: transacao ? transacao.id_loja : '',
      rating1: null,
      rating2: null,
      rating3: null,
      comentario: '',
    },
    submit: (body) => opinar.mutateAsync({ transacaoId: transacao?.id, body }),
    onSuccess: () =>
      submission.showDialog({
        title: 'Sucesso',
        message: SUCESSO,
        afterClose: () => {
          // The transaction now has its opinion: the lists lose its link.
          void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
          if (transacao) queryClient.removeQueries({ queryKey: fidelizacaoKeys.transacao(transacao.id) })
          void navigate(paths.transacoes)
        },
      }),
  })
  const { register, control } = form
  const ajudaId = useId()

  return (
    <form {...NO_NATIVE_SUBMIT} className="form form-page" onSubmit={onSubmit} noValidate>
      <p className="muted form-note">Os campos assinalados com * são obrigatórios.</p>
      {lojas && (
        <SelectObrigatorio label="Loja" error={errorOf('loja')} {...register('loja')}>
          <option value="">Selecione a loja</option>
          {porRestaurante(lojas).map(([restaurante, doRestaurante]) => (
            <optgroup key={restaurante} label={restaurante || 'Outras lojas'}>
              {doRestaurante.map((l) => (
                <option key={l.id_loja} value={l.id_loja}>
                  {l.nome}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectObrigatorio>
      )}
      <fieldset className="form-group opiniao-ratings" aria-describedby={ajudaId}>
        <legend>Classificação (opcional)</legend>
        <p id={ajudaId} className="field-hint">
          Toque numa estrela para classificar de 1 a 5; de novo na mesma, para baixar.
        </p>
        {RATINGS.map(({ name, label }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Stars
                label={label}
                max={RATING_MAX}
                value={typeof field.value === 'number' ? field.value : null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                error={errorOf(name)}
              />
            )}
          />
        ))}
      </fieldset>
      <TextAreaField
        label="Comentário"
        required
        rows={5}
        maxLength={COMENTARIO_MAX}
        hint={`Até ${COMENTARIO_MAX} caracteres.`}
        error={errorOf('comentario')}
        {...register('comentario')}
      />
      <div className="form-actions">
        <button type="submit" className="button">
          Enviar opinião
        </button>
      </div>
      {submission.feedback}
    </form>
  )
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  name: string
  label: string
  error?: string | undefined
  hint?: string
  ref?: Ref<HTMLTextAreaElement>
}

/** A labelled text area, wired like the form kit's Field (hint and error under it, describing it). */
function TextAreaField({ label, error, hint, id, ...textarea }: TextAreaFieldProps) {
  const { controlId, hintId, errorId, aria } = useFieldIds(id, error, hint)
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={controlId}>
        {label}
        {textarea.required && <RequiredMark />}
      </label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <textarea id={controlId} {...aria} {...textarea} />
      <FieldError id={errorId} error={error} />
    </div>
  )
}

interface SelectObrigatorioProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string
  label: string
  error?: string | undefined
  ref?: Ref<HTMLSelectElement>
}

/** The form kit's select, with the '*' of a required field. */
function SelectObrigatorio({ label, error, id, children, ...select }: SelectObrigatorioProps) {
  const { controlId, errorId, aria } = useFieldIds(id, error, null)
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={controlId}>
        {label}
        <RequiredMark />
      </label>
      <select id={controlId} required {...aria} {...select}>
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  )
}
