import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table'
import type { Direcao, Pagina } from '../../../shared/admin-tabelas.ts'

export type { ColumnDef } from '@tanstack/react-table'

export interface EstadoTabela {
  pagina: number
  ordenar: string
  direcao: Direcao
}

/**
 * A back-office list: TanStack Table in manual mode, since the server sorts, filters and pages (a list of customers or
 * movements does not fit in the browser). A sortable column's header is a button announcing its order (aria-sort);
 * the pages below say where the reader is. Columns opt out of sorting with `enableSorting: false`.
 */
export function Tabela<T>({
  legenda,
  colunas,
  pagina,
  estado,
  onEstado,
  vazio = 'Sem resultados.',
  chave,
}: {
  /** What the table lists (its caption, read by screen readers). */
  legenda: string
  colunas: ColumnDef<T, unknown>[]
  pagina: Pagina<T>
  estado: EstadoTabela
  onEstado: (estado: EstadoTabela) => void
  vazio?: string
  chave: (linha: T) => string | number
}) {
  const sorting: SortingState = [{ id: estado.ordenar, desc: estado.direcao === 'desc' }]
  const paginas = Math.max(1, Math.ceil(pagina.total / pagina.por_pagina))
  const table = useReactTable({
    data: pagina.itens,
    columns: colunas,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (linha) => String(chave(linha)),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    pageCount: paginas,
    state: { sorting, pagination: { pageIndex: estado.pagina - 1, pageSize: pagina.por_pagina } },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater
      const first = next[0]
      if (first) onEstado({ pagina: 1, ordenar: first.id, direcao: first.desc ? 'desc' : 'asc' })
    },
  })

  return (
    <>
      <table className="admin-tabela">
        <caption className="visually-hidden">{legenda}</caption>
        <thead>
          {table.getHeaderGroups().map((grupo) => (
            <tr key={grupo.id}>
              {grupo.headers.map((header) => {
                const ordem = header.column.getIsSorted()
                const titulo = flexRender(header.column.columnDef.header, header.getContext())
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ordem === 'asc' ? 'ascending' : ordem === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="admin-ordenar"
                        onClick={() =>
                          onEstado({
                            pagina: 1,
                            ordenar: header.column.id,
                            direcao: ordem === 'desc' ? 'asc' : 'desc',
                          })
                        }
                      >
                        {titulo}
                        <span aria-hidden="true">{ordem === 'asc' ? ' ▲' : ordem === 'desc' ? ' ▼' : ' ↕'}</span>
                      </button>
                    ) : (
                      titulo
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
          {pagina.itens.length === 0 && (
            <tr>
              <td colSpan={colunas.length}>{vazio}</td>
            </tr>
          )}
        </tbody>
      </table>
      <nav className="admin-paginas" aria-label="Páginas">
        <button
          type="button"
          className="button button-secondary"
          disabled={estado.pagina <= 1}
          onClick={() => onEstado({ ...estado, pagina: estado.pagina - 1 })}
        >
          Anterior
        </button>
        <span>
          Página {estado.pagina} de {paginas} ({pagina.total} {pagina.total === 1 ? 'registo' : 'registos'})
        </span>
        <button
          type="button"
          className="button button-secondary"
          disabled={estado.pagina >= paginas}
          onClick={() => onEstado({ ...estado, pagina: estado.pagina + 1 })}
        >
          Seguinte
        </button>
      </nav>
    </>
  )
}

/** The query string of a list's page (its filters, then paging and sorting), empty filters left out. */
export function queryDe(estado: EstadoTabela, filtros: Record<string, string | undefined> = {}) {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(filtros)) if (v) q.set(k, v)
  q.set('pagina', String(estado.pagina))
  q.set('ordenar', estado.ordenar)
  q.set('direcao', estado.direcao)
  return q.toString()
}
