import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { EncerramentoAdmin, EncerramentoSchema } from '../../../shared/admin-ementas.ts'
import type { LojaAdmin } from '../../../shared/admin-lojas.ts'
import { formatDia } from '../../../shared/format.ts'
import { Field } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'

const schema = (): Promise<typeof EncerramentoSchema> =>
  import('../../../shared/admin-ementas.ts').then((m) => m.EncerramentoSchema)

const VAZIO = { de: '', ate: '', motivo: '' }

const dias = (e: EncerramentoAdmin) => (e.de === e.ate ? formatDia(e.de) : `${formatDia(e.de)} a ${formatDia(e.ate)}`)

/** A store's closures beyond its weekly hours (holidays, exceptional days): those not yet over; add and remove. */
export function EncerramentosSeccao({ loja }: { loja: LojaAdmin }) {
  const queryClient = useQueryClient()
  const key = [...adminKeys.all, 'encerramentos', loja.id_loja] as const
  const lista = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => adminGet<EncerramentoAdmin[]>(`/lojas/${loja.id_loja}/encerramentos`, signal),
  })
  const [aviso, setAviso] = useState<string | null>(null)
  const recarregar = () => void queryClient.invalidateQueries({ queryKey: key })

  const remover = useMutation({
    mutationFn: (e: EncerramentoAdmin) =>
      adminPost<EncerramentoAdmin>(`/lojas/${loja.id_loja}/encerramentos/remover`, { id: e.id }),
    onSuccess: (_r, e) => {
      setAviso(`Encerramento de ${dias(e)} removido.`)
      recarregar()
    },
    onError: (error) => setAviso(error.message),
  })

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: VAZIO,
    submit: (values) => adminPost<EncerramentoAdmin>(`/lojas/${loja.id_loja}/encerramentos`, values),
    onSuccess: (e) => {
      setAviso(`${loja.nome} fica encerrada ${e.de === e.ate ? 'a' : 'de'} ${dias(e)}.`)
      form.reset(VAZIO)
      recarregar()
    },
  })

  return (
    <section aria-labelledby="encerramentos-titulo">
      <h2 id="encerramentos-titulo">Encerramentos e feriados de {loja.nome}</h2>
      <p role="status">{aviso}</p>
      {lista.isPending && <p role="status">A carregar…</p>}
      {lista.isError && <p role="alert">{lista.error.message}</p>}
      {lista.data?.length === 0 && <p>Sem encerramentos marcados.</p>}
      {lista.data && lista.data.length > 0 && (
        <table className="admin-tabela">
          <thead>
            <tr>
              <th scope="col">Dias</th>
              <th scope="col">Motivo</th>
              <th scope="col">
                <span className="visually-hidden">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lista.data.map((e) => (
              <tr key={e.id}>
                <td>{dias(e)}</td>
                <td>{e.motivo ?? '—'}</td>
                <td>
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={remover.isPending}
                    aria-label={`Remover o encerramento de ${dias(e)}`}
                    onClick={() => remover.mutate(e)}
                  >
                    Remover
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Novo encerramento</h3>
      <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
        <div className="admin-filtros">
          <Field label="Primeiro dia" type="date" required error={errorOf('de')} {...form.register('de')} />
          <Field
            label="Último dia"
            type="date"
            hint="Vazio: só o primeiro dia."
            error={errorOf('ate')}
            {...form.register('ate')}
          />
        </div>
        <Field
          label="Motivo"
          hint="Opcional, por exemplo: Natal."
          error={errorOf('motivo')}
          {...form.register('motivo')}
        />
        <button type="submit" className="button">
          Adicionar encerramento
        </button>
      </form>
      {submission.feedback}
    </section>
  )
}
