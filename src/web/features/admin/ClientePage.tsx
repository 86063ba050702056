import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { adminPaths } from '../../../shared/admin.ts'
import type { ClienteDetalhe, EncomendaAdmin, MovimentoAdmin, OpiniaoAdmin } from '../../../shared/admin-pessoas.ts'
import type { Pagina } from '../../../shared/admin-tabelas.ts'
import { type Estado, estadoTexto } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet } from './api.ts'
import { AjusteForm, EliminarConta, PerfilForm, perfisQuery, ReenviarSms } from './ClienteAcoes.tsx'
import { estadoConta } from './ClientesPage.tsx'
import { dataHora, dinheiroComSinal, numeroComSinal } from './formatos.ts'
import { adminKeys } from './keys.ts'
import { papeisDe } from './seccoes.ts'
import { type ColumnDef, type EstadoTabela, queryDe, Tabela } from './Tabela.tsx'
import { useSessao } from './use-sessao.ts'

const TIPOS: Record<MovimentoAdmin['tipo'], string> = {
  compra: 'Compra',
  devolucao: 'Devolução',
  reserva: 'Saldo reservado (encomenda)',
  libertacao: 'Saldo devolvido (encomenda)',
  ajuste: 'Ajuste',
  expiracao: 'Expiração',
}

const colunas: ColumnDef<MovimentoAdmin, unknown>[] = [
  { id: 'criado_em', header: 'Quando', cell: ({ row }) => dataHora(row.original.criado_em) },
  {
    id: 'tipo',
    header: 'Movimento',
    enableSorting: false,
    cell: ({ row }) => {
      const m = row.original
      if (m.tipo === 'ajuste') return `Ajuste: ${m.motivo ?? '—'}`
      // An expiry (decision 0058) is the programme's own, at no store.
      if (m.tipo === 'expiracao') return TIPOS[m.tipo]
      return `${TIPOS[m.tipo]} · ${m.loja}`
    },
  },
  {
    id: 'saldo',
    header: 'Saldo',
    enableSorting: false,
    cell: ({ row }) => dinheiroComSinal(row.original.saldo_adicionado - row.original.saldo_removido),
  },
  {
    id: 'pontos',
    header: 'Pontos',
    enableSorting: false,
    cell: ({ row }) => numeroComSinal(row.original.pontos_ganhos),
  },
  {
    id: 'depois',
    header: 'Depois',
    enableSorting: false,
    cell: ({ row }) => `${formatMoney(row.original.saldo_actual)} · ${row.original.pontos_actual} pontos`,
  },
]

function Movimentos({ id }: { id: number }) {
  const [estado, setEstado] = useState<EstadoTabela>({ pagina: 1, ordenar: 'criado_em', direcao: 'desc' })
  const movimentos = useQuery({
    queryKey: [...adminKeys.cliente(id), 'movimentos', estado],
    queryFn: ({ signal }) => adminGet<Pagina<MovimentoAdmin>>(`/clientes/${id}/movimentos?${queryDe(estado)}`, signal),
    placeholderData: keepPreviousData,
  })
  if (movimentos.isError) return <p role="alert">{movimentos.error.message}</p>
  if (!movimentos.data) return <p role="status">A carregar…</p>
  return (
    <Tabela
      legenda="Movimentos do cliente"
      colunas={colunas}
      pagina={movimentos.data}
      estado={estado}
      onEstado={setEstado}
      vazio="Sem movimentos."
      chave={(m) => m.id}
    />
  )
}

function Encomendas({ id }: { id: number }) {
  const encomendas = useQuery({
    queryKey: [...adminKeys.cliente(id), 'encomendas'],
    queryFn: ({ signal }) => adminGet<EncomendaAdmin[]>(`/clientes/${id}/encomendas`, signal),
  })
  if (!encomendas.data) return null
  if (encomendas.data.length === 0) return <p>Sem encomendas.</p>
  return (
    <table className="admin-tabela">
      <caption className="visually-hidden">Encomendas do cliente</caption>
      <thead>
        <tr>
          <th scope="col">N.º</th>
          <th scope="col">Quando</th>
          <th scope="col">Loja</th>
          <th scope="col">Estado</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {encomendas.data.map((e) => (
          <tr key={e.id}>
            <td>{e.id}</td>
            <td>{dataHora(e.criada_em)}</td>
            <td>{e.loja}</td>
            <td>{estadoTexto(e.estado as Estado, e.pagamento_estado === 'pago', e.minutos)}</td>
            <td>{formatMoney(e.total)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Opinioes({ id }: { id: number }) {
  const opinioes = useQuery({
    queryKey: [...adminKeys.cliente(id), 'opinioes'],
    queryFn: ({ signal }) => adminGet<OpiniaoAdmin[]>(`/clientes/${id}/opinioes`, signal),
  })
  if (!opinioes.data) return null
  if (opinioes.data.length === 0) return <p>Sem opiniões.</p>
  return (
    <ul className="admin-opinioes">
      {opinioes.data.map((o) => (
        <li key={o.id}>
          <p>
            <strong>{o.loja}</strong> · {dataHora(o.criado_em)} · Atendimento {o.rating1 ?? '—'}, Simpatia{' '}
            {o.rating2 ?? '—'}, Qualidade {o.rating3 ?? '—'}
          </p>
          <p>{o.comentario || <span className="muted">(comentário apagado)</span>}</p>
        </li>
      ))}
    </ul>
  )
}

/** `/admin/clientes/:id`: one customer's balances, movements, orders and opinions, and what the role may do. */
export function ClientePage() {
  const id = Number(useParams().id)
  const papel = useSessao().data?.papel
  const perfis = useQuery(perfisQuery())
  const [aviso, setAviso] = useState<string | null>(null)
  const cliente = useQuery({
    queryKey: adminKeys.cliente(id),
    queryFn: ({ signal }) => adminGet<ClienteDetalhe>(`/clientes/${id}`, signal),
    enabled: Number.isInteger(id) && id > 0,
  })
  const c = cliente.data
  const nome = c ? (c.nome ?? `Cliente ${c.id}`) : 'Cliente'
  return (
    <AdminLayout titulo={nome} papeis={papeisDe('clientes')}>
      <p>
        <Link to={adminPaths.clientes}>← Clientes</Link>
      </p>
      {cliente.isError && <p role="alert">{cliente.error.message}</p>}
      {!c && !cliente.isError && <p role="status">A carregar…</p>}
      {c && (
        <>
          <h1>{nome}</h1>
          <dl className="admin-resumo">
            <div>
              <dt>Telemóvel</dt>
              <dd>{c.telemovel}</dd>
            </div>
            <div>
              <dt>Conta</dt>
              <dd>{estadoConta(c)}</dd>
            </div>
            <div>
              <dt>Perfil</dt>
              <dd>{perfis.data?.find((p) => p.id === c.id_perfil)?.nome ?? '—'}</dd>
            </div>
            <div>
              <dt>Saldo</dt>
              <dd data-testid="cliente-saldo">{formatMoney(c.saldo)}</dd>
            </div>
            <div>
              <dt>Pontos</dt>
              <dd>
                {c.pontos} de {c.patamar}
              </dd>
            </div>
            <div>
              <dt>Prémios</dt>
              <dd>{c.itens}</dd>
            </div>
          </dl>
          <p role="status">{aviso}</p>
          {c.provisorio && papel !== 'gestor' && (
            <div className="admin-acoes">
              <ReenviarSms cliente={c} onFeito={setAviso} />
            </div>
          )}
          {papel === 'admin' && (
            <div className="admin-colunas">
              <AjusteForm cliente={c} onFeito={setAviso} />
              <PerfilForm key={c.id_perfil} cliente={c} onFeito={setAviso} />
            </div>
          )}
          <h2>Movimentos</h2>
          <Movimentos id={c.id} />
          <h2>Encomendas</h2>
          <Encomendas id={c.id} />
          <h2>Opiniões</h2>
          <Opinioes id={c.id} />
          {papel === 'admin' && (
            <section className="admin-perigo" aria-labelledby="eliminar-titulo">
              <h2 id="eliminar-titulo">Eliminar a conta a pedido do cliente</h2>
              <p>O mesmo que o cliente faz na aplicação: os dados pessoais são apagados e a conta deixa de existir.</p>
              <EliminarConta cliente={c} onFeito={setAviso} />
            </section>
          )}
        </>
      )}
    </AdminLayout>
  )
}
