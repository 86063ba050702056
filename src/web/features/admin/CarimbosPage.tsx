import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { CARTAO_NOME_MAX, type CartaoCarimbos, POR_OFERTA_MAX, POR_OFERTA_MIN } from '../../../shared/carimbos.ts'
import { ApiError } from '../../lib/api.ts'
import { CheckboxField, Field, FieldError, RequiredMark, useFieldIds } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import type { CartaoCarimbosForm, CartaoCarimbosFormSchema } from './carimbos-form.ts'
import { adminKeys } from './keys.ts'
import { papeisDe } from './seccoes.ts'

const schema = (): Promise<typeof CartaoCarimbosFormSchema> =>
  import('./carimbos-form.ts').then((m) => m.CartaoCarimbosFormSchema)

/** A new card: one offered in ten, the most common stamp card at a café counter. */
const novo = (): CartaoCarimbosForm => ({ nome: '', codigos: '', por_oferta: 10, ativo: true })

const formDoCartao = (c: CartaoCarimbos): CartaoCarimbosForm => ({
  nome: c.nome,
  codigos: c.codigos.join('\n'),
  por_oferta: c.por_oferta,
  ativo: c.ativo,
})

/** 'O 10.º é oferta': the card's rule as the customer reads it on their card. */
const descricaoOferta = (porOferta: number) => `O ${porOferta}.º é oferta`

/**
 * The API names a code that breaks a rule by its place in the list (`codigos.3`): the form has one text area for all
 * of them, where the message goes.
 */
function comCamposDoForm(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error
  const fields: Record<string, string> = {}
  for (const [campo, mensagem] of Object.entries(error.fields)) {
    const raiz = campo.split('.')[0] ?? campo
    fields[raiz] ??= mensagem
  }
  return new ApiError(error.status, error.title, error.message, fields)
}

/**
 * `/admin/carimbos` (admins, decision 0057): the stamp cards, one per family of products named by their POS codes.
 * Every unit of them bought at the till (when the POS lists the products) or in an app order stamps the customer's
 * card; every Nth is offered, and the till gives it. A change applies from the next purchase; stamps and offers held
 * stay.
 */
export function CarimbosPage() {
  const queryClient = useQueryClient()
  const chave = adminKeys.carimbos()
  const lista = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => adminGet<CartaoCarimbos[]>('/carimbos', signal),
  })
  const [aEditar, setAEditar] = useState<CartaoCarimbos | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: novo(),
    submit: (v) =>
      adminPost<CartaoCarimbos>(aEditar ? `/carimbos/${aEditar.id}` : '/carimbos', v).catch((error: unknown) => {
        throw comCamposDoForm(error)
      }),
    onSuccess: (c) => {
      setAviso(
        aEditar
          ? `«${c.nome}» foi guardado: aplica-se a partir da próxima compra. Os clientes mantêm os carimbos e as ofertas que têm.`
          : `«${c.nome}» foi criado: ${c.ativo ? 'carimba já as próximas compras dos seus produtos.' : 'não carimba enquanto não estiver ativo.'}`,
      )
      setAEditar(null)
      form.reset(novo())
      void queryClient.invalidateQueries({ queryKey: chave })
    },
  })

  const editar = (c: CartaoCarimbos) => {
    setAEditar(c)
    form.reset(formDoCartao(c))
    setAviso(null)
    document.getElementById('carimbos-form')?.scrollIntoView()
    document.getElementById('carimbos-nome')?.focus()
  }

  const erroCodigos = errorOf('codigos')
  const codigos = useFieldIds('carimbos-codigos', erroCodigos, true)

  return (
    <AdminLayout titulo="Cartões de carimbos" papeis={papeisDe('carimbos')}>
      <h1>Cartões de carimbos</h1>
      <p>
        Um cartão por família de produtos, por exemplo os cafés: cada unidade comprada na caixa ou numa encomenda da app
        dá um carimbo ao cliente e, de tantos em tantos, um é oferecido. A caixa só carimba as compras em que indica os
        produtos, e é ela que entrega as ofertas ao cliente identificado.
      </p>
      <p role="status">{aviso}</p>
      <section aria-labelledby="carimbos-lista">
        <h2 id="carimbos-lista">Todos os cartões</h2>
        {lista.isPending && <p role="status">A carregar…</p>}
        {lista.isError && <p role="alert">{lista.error.message}</p>}
        {lista.data?.length === 0 && <p>Ainda não há cartões de carimbos.</p>}
        {lista.data && lista.data.length > 0 && (
          <table className="admin-tabela">
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">Códigos</th>
                <th scope="col">Oferta</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lista.data.map((c) => (
                <tr key={c.id}>
                  <td>{c.nome}</td>
                  <td>{c.codigos.join(', ')}</td>
                  <td>{descricaoOferta(c.por_oferta)}</td>
                  <td>{c.ativo ? 'Ativo' : 'Terminado'}</td>
                  <td className="admin-acoes">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Editar «${c.nome}»`}
                      onClick={() => editar(c)}
                    >
                      Editar
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="carimbos-form-titulo" id="carimbos-form">
        <h2 id="carimbos-form-titulo">{aEditar ? `Editar «${aEditar.nome}»` : 'Novo cartão de carimbos'}</h2>
        <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
          <Field
            id="carimbos-nome"
            label="Nome"
            required
            maxLength={CARTAO_NOME_MAX}
            hint="Como a app e a caixa o dizem, por exemplo Cafés."
            error={errorOf('nome')}
            {...form.register('nome')}
          />
          <div className={erroCodigos ? 'field field-invalid' : 'field'}>
            <label htmlFor={codigos.controlId}>
              Códigos dos produtos no POS
              <RequiredMark />
            </label>
            <p id={codigos.hintId} className="field-hint">
              Um por linha: os códigos dos produtos nas ementas e no programa de faturação.
            </p>
            <textarea
              id={codigos.controlId}
              rows={6}
              required
              autoComplete="off"
              spellCheck={false}
              {...codigos.aria}
              {...form.register('codigos')}
            />
            <FieldError id={codigos.errorId} error={erroCodigos} />
          </div>
          <Field
            label="De quantos em quantos é oferecido um"
            type="number"
            inputMode="numeric"
            min={POR_OFERTA_MIN}
            max={POR_OFERTA_MAX}
            step={1}
            required
            hint="10: o cliente junta 9 carimbos e o 10.º é oferta."
            error={errorOf('por_oferta')}
            {...form.register('por_oferta', { valueAsNumber: true })}
          />
          <CheckboxField error={errorOf('ativo')} {...form.register('ativo')}>
            Ativo (desmarque para o terminar: deixa de carimbar, e as ofertas que os clientes têm continuam a valer)
          </CheckboxField>
          <div className="admin-acoes">
            <button type="submit" className="button">
              {aEditar ? 'Guardar alterações' : 'Criar cartão'}
            </button>
            {aEditar && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setAEditar(null)
                  form.reset(novo())
                }}
              >
                Cancelar
              </button>
            )}
          </div>
        </form>
      </section>
      {submission.feedback}
    </AdminLayout>
  )
}
