import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useNavigate } from 'react-router'
import { adminPaths } from '../../../shared/admin.ts'
import type { AjusteFormSchema, ClienteDetalhe, Perfil } from '../../../shared/admin-pessoas.ts'
import { centimosDe } from '../../../shared/admin-pessoas.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { Field, FieldError, RequiredMark, SelectField, useFieldIds } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'

const schema = (): Promise<typeof AjusteFormSchema> =>
  import('../../../shared/admin-pessoas.ts').then((m) => m.AjusteFormSchema)

const VAZIO = { euros: '', pontos: '', motivo: '' }
const novaChave = () => crypto.randomUUID()

export const perfisQuery = () => ({
  queryKey: adminKeys.perfis(),
  queryFn: ({ signal }: { signal: AbortSignal }) => adminGet<Perfil[]>('/perfis', signal),
})

/**
 * A manual adjustment (admins): balance in euros and/or points, positive or negative, and the reason the customer will
 * read. The form's key stays the same until the adjustment is written, so a second click is the same adjustment.
 */
export function AjusteForm({ cliente, onFeito }: { cliente: ClienteDetalhe; onFeito: (aviso: string) => void }) {
  const queryClient = useQueryClient()
  const chave = useRef(novaChave())
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: VAZIO,
    submit: (v) =>
      adminPost<{ saldo_actual: number }>(`/clientes/${cliente.id}/ajustes`, {
        saldo: centimosDe(v.euros),
        pontos: Number(v.pontos || 0),
        motivo: v.motivo,
        chave: chave.current,
      }),
    onSuccess: () => {
      chave.current = novaChave()
      form.reset(VAZIO)
      onFeito('Ajuste registado. O cliente vê-o nos seus movimentos.')
      void queryClient.invalidateQueries({ queryKey: adminKeys.cliente(cliente.id) })
    },
  })
  const motivo = useFieldIds('ajuste-motivo', errorOf('motivo'), 'O cliente lê este motivo nos seus movimentos.')
  return (
    <section className="admin-cartao" aria-labelledby="ajuste-titulo">
      <h2 id="ajuste-titulo">Ajustar saldo ou pontos</h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="admin-linha-campos">
          <Field
            label="Saldo (€)"
            hint="Negativo para retirar, por exemplo -2,50"
            inputMode="decimal"
            autoComplete="off"
            error={errorOf('euros')}
            {...form.register('euros')}
          />
          <Field
            label="Pontos"
            hint="Negativo para retirar"
            inputMode="numeric"
            autoComplete="off"
            error={errorOf('pontos')}
            {...form.register('pontos')}
          />
        </div>
        <div className={errorOf('motivo') ? 'field field-invalid' : 'field'}>
          <label htmlFor={motivo.controlId}>
            Motivo
            <RequiredMark />
          </label>
          <p id={motivo.hintId} className="field-hint">
            O cliente lê este motivo nos seus movimentos.
          </p>
          <textarea id={motivo.controlId} rows={2} required {...motivo.aria} {...form.register('motivo')} />
          <FieldError id={motivo.errorId} error={errorOf('motivo')} />
        </div>
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Registar ajuste
        </button>
      </form>
      {submission.feedback}
    </section>
  )
}

/** The customer's profile (admins): one of the profiles named in 'Perfis de cliente'. */
export function PerfilForm({ cliente, onFeito }: { cliente: ClienteDetalhe; onFeito: (aviso: string) => void }) {
  const queryClient = useQueryClient()
  const perfis = useQuery(perfisQuery())
  const [escolhido, setEscolhido] = useState(String(cliente.id_perfil))
  const guardar = useMutation({
    mutationFn: () => adminPost(`/clientes/${cliente.id}/perfil`, { id_perfil: Number(escolhido) }),
    onSuccess: () => {
      onFeito('Perfil do cliente guardado.')
      void queryClient.invalidateQueries({ queryKey: adminKeys.cliente(cliente.id) })
    },
    onError: (error) => onFeito(error.message),
  })
  return (
    <section className="admin-cartao" aria-labelledby="perfil-titulo">
      <h2 id="perfil-titulo">Perfil</h2>
      <div className="admin-filtros">
        <SelectField
          name="id_perfil"
          label="Perfil do cliente"
          value={escolhido}
          onChange={(e) => setEscolhido(e.target.value)}
        >
          {perfis.data?.map((p) => (
            <option key={p.id} value={p.id}>
              {p.nome}
            </option>
          ))}
        </SelectField>
        <button
          type="button"
          className="button button-secondary"
          disabled={guardar.isPending || escolhido === String(cliente.id_perfil)}
          onClick={() => guardar.mutate()}
        >
          Guardar perfil
        </button>
      </div>
    </section>
  )
}

/** The provisional account's SMS again (every role): a new password, within the phone's SMS limits. */
export function ReenviarSms({ cliente, onFeito }: { cliente: ClienteDetalhe; onFeito: (aviso: string) => void }) {
  const reenviar = useMutation({
    mutationFn: () => adminPost(`/clientes/${cliente.id}/reenviar-sms`),
    onSuccess: () => onFeito('SMS enviado com uma nova password. A anterior deixou de funcionar.'),
    onError: (error) => onFeito(error.message),
  })
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={reenviar.isPending}
      onClick={() => reenviar.mutate()}
    >
      Reenviar SMS da conta provisória
    </button>
  )
}

/** Erasure on request (admins), after a confirmation: the same erasure as the customer's own. */
export function EliminarConta({ cliente, onFeito }: { cliente: ClienteDetalhe; onFeito: (aviso: string) => void }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [confirmar, setConfirmar] = useState(false)
  const eliminar = useMutation({
    mutationFn: () => adminPost(`/clientes/${cliente.id}/eliminar`, { confirmar: true }),
    onSuccess: () => {
      // The lists that showed the account are read again; its own page is gone.
      queryClient.removeQueries({ queryKey: [...adminKeys.all, 'clientes'] })
      queryClient.removeQueries({ queryKey: adminKeys.cliente(cliente.id) })
      void navigate(adminPaths.clientes, { state: { aviso: 'A conta foi eliminada.' } })
    },
    onError: (error) => onFeito(error.message),
  })
  return (
    <>
      <button type="button" className="button button-perigo" onClick={() => setConfirmar(true)}>
        Eliminar conta
      </button>
      {confirmar && (
        <Dialog
          title="Eliminar a conta deste cliente?"
          message={
            'Faça-o apenas a pedido do cliente. Os dados pessoais são apagados, o saldo e os pontos perdem-se e a ' +
            'sessão do cliente termina. Não é possível desfazer.'
          }
          buttons={[
            { label: 'Cancelar', secondary: true, isDefault: true },
            { label: 'Eliminar', action: () => eliminar.mutate() },
          ]}
          onClose={() => flushSync(() => setConfirmar(false))}
        />
      )}
    </>
  )
}
