import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Pagina } from '../../../shared/admin-tabelas.ts'
import { formatDateTime } from '../../../shared/format.ts'
import { SelectField } from '../../ui/Field.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { ACOES } from './acoes.ts'
import { adminGet } from './api.ts'
import { diffAuditoria } from './auditoria-diff.ts'
import { adminKeys } from './keys.ts'
import { type ColumnDef, type EstadoTabela, queryDe, Tabela } from './Tabela.tsx'
import { utilizadoresQuery } from './UtilizadoresPage.tsx'

interface Entrada {
  id: number
  email: string | null
  acao: string
  entidade: string
  entidade_id: string | null
  antes: string | null
  depois: string | null
  ip: string | null
  criado_em: string
}

/** The change, field by field (before → after), in a list a screen reader reads as pairs. */
function Alteracao({ antes, depois }: Pick<Entrada, 'antes' | 'depois'>) {
  const campos = diffAuditoria(antes, depois)
  if (campos.length === 0) return <span className="muted">Sem alterações registadas</span>
  return (
    <dl className="admin-diff">
      {campos.map((c) => (
        <div key={c.campo}>
          <dt>{c.campo}</dt>
          <dd>
            <del>{c.antes}</del>
            <span aria-hidden="true"> → </span>
            <span className="visually-hidden"> passou a </span>
            <ins>{c.depois}</ins>
          </dd>
        </div>
      ))}
    </dl>
  )
}

const colunas: ColumnDef<Entrada, unknown>[] = [
  { id: 'criado_em', header: 'Quando', cell: ({ row }) => formatDateTime(row.original.criado_em) },
  { id: 'email', header: 'Quem', cell: ({ row }) => row.original.email ?? 'Linha de comandos' },
  { id: 'acao', header: 'Ação', cell: ({ row }) => ACOES[row.original.acao] ?? row.original.acao },
  {
    id: 'entidade',
    header: 'Entidade',
    enableSorting: false,
    cell: ({ row }) => `${row.original.entidade}${row.original.entidade_id ? ` #${row.original.entidade_id}` : ''}`,
  },
  {
    id: 'alteracao',
    header: 'Alteração',
    enableSorting: false,
    cell: ({ row }) => <Alteracao antes={row.original.antes} depois={row.original.depois} />,
  },
]

/** `/admin/auditoria` (admins): every change, newest first, filtered and paged on the server. */
export function AuditoriaPage() {
  const [utilizador, setUtilizador] = useState('')
  const [acao, setAcao] = useState('')
  const [estado, setEstado] = useState<EstadoTabela>({ pagina: 1, ordenar: 'criado_em', direcao: 'desc' })
  const utilizadores = useQuery(utilizadoresQuery())
  const entradas = useQuery({
    queryKey: adminKeys.auditoria({ utilizador, acao, ...estado }),
    queryFn: ({ signal }) => adminGet<Pagina<Entrada>>(`/auditoria?${queryDe(estado, { utilizador, acao })}`, signal),
    placeholderData: keepPreviousData,
  })

  return (
    <AdminLayout titulo="Auditoria" apenasAdmin>
      <h1>Auditoria</h1>
      <div className="admin-filtros">
        <SelectField
          name="utilizador"
          label="Utilizador"
          value={utilizador}
          onChange={(e) => {
            setUtilizador(e.target.value)
            setEstado((s) => ({ ...s, pagina: 1 }))
          }}
        >
          <option value="">Todos</option>
          {utilizadores.data?.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="acao"
          label="Ação"
          value={acao}
          onChange={(e) => {
            setAcao(e.target.value)
            setEstado((s) => ({ ...s, pagina: 1 }))
          }}
        >
          <option value="">Todas</option>
          {Object.entries(ACOES).map(([valor, nome]) => (
            <option key={valor} value={valor}>
              {nome}
            </option>
          ))}
        </SelectField>
      </div>
      {entradas.isPending && <p role="status">A carregar…</p>}
      {entradas.isError && <p role="alert">{entradas.error.message}</p>}
      {entradas.data && (
        <Tabela
          legenda="Registo de auditoria"
          colunas={colunas}
          pagina={entradas.data}
          estado={estado}
          onEstado={setEstado}
          chave={(e) => e.id}
        />
      )}
    </AdminLayout>
  )
}
