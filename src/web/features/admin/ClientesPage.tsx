import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { adminPaths } from '../../../shared/admin.ts'
import type { ClienteAdmin } from '../../../shared/admin-pessoas.ts'
import type { Pagina } from '../../../shared/admin-tabelas.ts'
import { Field } from '../../ui/Field.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet } from './api.ts'
import { dataHora } from './formatos.ts'
import { adminKeys } from './keys.ts'
import { papeisDe } from './seccoes.ts'
import { type ColumnDef, type EstadoTabela, queryDe, Tabela } from './Tabela.tsx'
import { useSessao } from './use-sessao.ts'

export const estadoConta = (c: Pick<ClienteAdmin, 'temporario' | 'provisorio'>) =>
  c.provisorio ? 'Provisória (criada na loja)' : c.temporario ? 'Por completar' : 'Registada'

export const caminhoCliente = (id: number) => adminPaths.cliente.replace(':id', String(id))

const colunas: ColumnDef<ClienteAdmin, unknown>[] = [
  {
    id: 'nome',
    header: 'Nome',
    cell: ({ row }) => (
      <Link to={caminhoCliente(row.original.id)}>{row.original.nome ?? `Cliente ${row.original.id}`}</Link>
    ),
  },
  { id: 'telemovel', header: 'Telemóvel', enableSorting: false, cell: ({ row }) => row.original.telemovel },
  { id: 'estado', header: 'Conta', enableSorting: false, cell: ({ row }) => estadoConta(row.original) },
  { id: 'criado_em', header: 'Criada em', cell: ({ row }) => dataHora(row.original.criado_em) },
  { id: 'id', header: 'N.º', cell: ({ row }) => row.original.id },
]

/**
 * `/admin/clientes` (every role): the customers, newest first, their numbers masked; a customer is found by the whole
 * number they tell the staff member.
 */
export function ClientesPage() {
  // The notice of the customer's page that sent the staff member here (an account erased).
  const aviso = (useLocation().state as { aviso?: string } | null)?.aviso ?? null
  const [pais, setPais] = useState('351')
  const [telemovel, setTelemovel] = useState('')
  const [procura, setProcura] = useState({ telemovel: '', pais: '351' })
  const [estado, setEstado] = useState<EstadoTabela>({ pagina: 1, ordenar: 'criado_em', direcao: 'desc' })
  const filtros = procura.telemovel ? procura : {}
  // An admin browses the customers; a store finds one by the number they give (the server refuses a store's browse).
  const browse = useSessao().data?.papel === 'admin'
  const clientes = useQuery({
    enabled: browse || Boolean(procura.telemovel),
    queryKey: adminKeys.clientes({ ...filtros, ...estado }),
    queryFn: ({ signal }) => adminGet<Pagina<ClienteAdmin>>(`/clientes?${queryDe(estado, filtros)}`, signal),
    placeholderData: keepPreviousData,
  })

  return (
    <AdminLayout titulo="Clientes" papeis={papeisDe('clientes')}>
      <h1>Clientes</h1>
      <form
        className="admin-filtros"
        aria-label="Procurar cliente"
        onSubmit={(e) => {
          e.preventDefault()
          setProcura({ telemovel: telemovel.trim(), pais: pais.trim() || '351' })
          setEstado((s) => ({ ...s, pagina: 1 }))
        }}
      >
        <Field
          name="pais"
          label="Indicativo"
          inputMode="numeric"
          value={pais}
          onChange={(e) => setPais(e.target.value)}
          className="admin-indicativo"
        />
        <Field
          name="telemovel"
          label="Telemóvel (número completo)"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          value={telemovel}
          onChange={(e) => setTelemovel(e.target.value)}
        />
        <div className="admin-filtros-acoes">
          <button type="submit" className="button">
            Procurar
          </button>
          {procura.telemovel && browse && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setTelemovel('')
                setProcura({ telemovel: '', pais: '351' })
              }}
            >
              Ver todos
            </button>
          )}
        </div>
      </form>
      <p role="status">{aviso}</p>
      <p className="muted">Os números aparecem mascarados: procure pelo número completo que o cliente lhe indicar.</p>
      {clientes.isPending && clientes.fetchStatus !== 'idle' && <p role="status">A carregar…</p>}
      {clientes.isError && <p role="alert">{clientes.error.message}</p>}
      {clientes.data && (
        <Tabela
          legenda="Clientes"
          colunas={colunas}
          pagina={clientes.data}
          estado={estado}
          onEstado={setEstado}
          vazio={procura.telemovel ? 'Nenhum cliente com este número.' : 'Ainda não há clientes.'}
          chave={(c) => c.id}
        />
      )}
    </AdminLayout>
  )
}
