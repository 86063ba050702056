import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { RestauranteStaff } from '../../../shared/admin-restaurantes.ts'
import { centimosDe, centsToInput } from '../../../shared/euros.ts'
import { diaNoFuso } from '../../../shared/fusos.ts'
import { formDaPromocao, promocaoDoForm } from '../../../shared/promocao-form.ts'
import type { Promocao, PromocaoForm, PromocaoFormSchema } from '../../../shared/promocoes.ts'
import { descricaoEfeito, descricaoJanela } from '../../../shared/promocoes-textos.ts'
import { useApiForm } from '../../ui/form.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import { PromocaoFormulario } from './PromocaoFormulario.tsx'
import { papeisDe } from './seccoes.ts'

const schema = (): Promise<typeof PromocaoFormSchema> =>
  import('../../../shared/promocoes.ts').then((m) => m.PromocaoFormSchema)

/** A new promotion: points ×2 today, every day, in every store (what a marketing manager most often starts from). */
const nova = (): PromocaoForm => {
  const hoje = diaNoFuso(Date.now(), 'Europe/Lisbon')
  return {
    nome: '',
    efeito: 'multiplicar_pontos',
    multiplicador: '2',
    pontos: '',
    cod_produto: '',
    gasto_minimo: '',
    credito_percent: '',
    inicio: hoje,
    fim: hoje,
    dias_semana: ['1', '2', '3', '4', '5', '6', '7'],
    hora_inicio: '',
    hora_fim: '',
    ambito: 'todas',
    id_restaurante: '',
    id_loja: '',
    ativa: true,
  }
}

const ESTADO: Record<Promocao['estado'], string> = {
  'em-curso': 'Em curso',
  agendada: 'Agendada',
  terminada: 'Terminada',
}

function ondeDe(p: Promocao, restaurantes: RestauranteStaff[] | undefined): string {
  if (p.ambito === 'todas') return 'Todas as lojas'
  if (p.ambito === 'restaurante') return restaurantes?.find((r) => r.id === p.id_restaurante)?.name ?? 'Um restaurante'
  const loja = restaurantes?.flatMap((r) => r.lojas).find((l) => l.id_loja === p.id_loja)
  return loja ? loja.name : `Loja ${p.id_loja}`
}

/**
 * `/admin/promocoes` (admins and gestores, decision 0052): the promotions that apply themselves at every purchase in
 * their window and scope; create, edit, end. A change applies from the next purchase; those written keep what they
 * earned.
 */
export function PromocoesPage() {
  const queryClient = useQueryClient()
  const chave = adminKeys.promocoes()
  const lista = useQuery({ queryKey: chave, queryFn: ({ signal }) => adminGet<Promocao[]>('/promocoes', signal) })
  const restaurantes = useQuery({
    queryKey: adminKeys.restaurantes(),
    queryFn: ({ signal }) => adminGet<RestauranteStaff[]>('/restaurantes', signal),
  })
  const [aEditar, setAEditar] = useState<Promocao | null>(null)
  const [aviso, setAviso] = useState<string | null>(null)

  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema,
    defaultValues: nova(),
    submit: (v) =>
      adminPost<Promocao>(aEditar ? `/promocoes/${aEditar.id}` : '/promocoes', promocaoDoForm(v, centimosDe)),
    onSuccess: (p) => {
      setAviso(
        aEditar
          ? `«${p.nome}» foi guardada: aplica-se a partir da próxima compra.`
          : `«${p.nome}» foi criada: ${p.estado === 'em-curso' ? 'aplica-se já às compras no seu horário.' : 'aplica-se quando começar.'}`,
      )
      setAEditar(null)
      form.reset(nova())
      void queryClient.invalidateQueries({ queryKey: chave })
    },
  })

  const editar = (p: Promocao) => {
    setAEditar(p)
    form.reset(formDaPromocao(p, centsToInput))
    setAviso(null)
    document.getElementById('promocao-form')?.scrollIntoView()
    document.getElementById('promocao-nome')?.focus()
  }

  return (
    <AdminLayout titulo="Promoções" papeis={papeisDe('promocoes')}>
      <h1>Promoções</h1>
      <p>
        Cada promoção aplica-se sozinha às compras na caixa e às encomendas da app dentro das suas datas, dias e horas,
        nas lojas escolhidas. O cliente vê na transação o que ganhou com ela.
      </p>
      <p role="status">{aviso}</p>
      <section aria-labelledby="promocoes-lista">
        <h2 id="promocoes-lista">Todas as promoções</h2>
        {lista.isPending && <p role="status">A carregar…</p>}
        {lista.isError && <p role="alert">{lista.error.message}</p>}
        {lista.data?.length === 0 && <p>Ainda não há promoções.</p>}
        {lista.data && lista.data.length > 0 && (
          <table className="admin-tabela">
            <thead>
              <tr>
                <th scope="col">Nome</th>
                <th scope="col">O que dá</th>
                <th scope="col">Quando</th>
                <th scope="col">Onde</th>
                <th scope="col">Estado</th>
                <th scope="col">
                  <span className="visually-hidden">Ações</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {lista.data.map((p) => (
                <tr key={p.id}>
                  <td>{p.nome}</td>
                  <td>{descricaoEfeito(p)}</td>
                  <td>{descricaoJanela(p)}</td>
                  <td>{ondeDe(p, restaurantes.data)}</td>
                  <td>{ESTADO[p.estado]}</td>
                  <td className="admin-acoes">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Editar «${p.nome}»`}
                      onClick={() => editar(p)}
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
      <section aria-labelledby="promocao-form-titulo" id="promocao-form">
        <h2 id="promocao-form-titulo">{aEditar ? `Editar «${aEditar.nome}»` : 'Nova promoção'}</h2>
        <form className="form admin-formulario" onSubmit={onSubmit} noValidate>
          <PromocaoFormulario form={form} errorOf={errorOf} restaurantes={restaurantes.data} />
          <div className="admin-acoes">
            <button type="submit" className="button">
              {aEditar ? 'Guardar alterações' : 'Criar promoção'}
            </button>
            {aEditar && (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setAEditar(null)
                  form.reset(nova())
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
