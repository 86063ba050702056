import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { LojaAdmin } from '../../../shared/admin-lojas.ts'
import { CRITERIOS, type MediaLoja, type OpiniaoAdmin } from '../../../shared/admin-pessoas.ts'
import type { Pagina } from '../../../shared/admin-tabelas.ts'
import { Field, SelectField } from '../../ui/Field.tsx'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet } from './api.ts'
import { dataHora, media } from './formatos.ts'
import { adminKeys } from './keys.ts'
import { papeisDe } from './seccoes.ts'
import { type ColumnDef, type EstadoTabela, queryDe, Tabela } from './Tabela.tsx'

type Resposta = Pagina<OpiniaoAdmin> & { medias: MediaLoja[] }

const colunas: ColumnDef<OpiniaoAdmin, unknown>[] = [
  { id: 'criado_em', header: 'Quando', cell: ({ row }) => dataHora(row.original.criado_em) },
  { id: 'id_loja', header: 'Loja', cell: ({ row }) => row.original.loja },
  ...CRITERIOS.map(
    (c): ColumnDef<OpiniaoAdmin, unknown> => ({
      id: c.campo,
      header: c.nome,
      enableSorting: false,
      cell: ({ row }) => row.original[c.campo] ?? '—',
    }),
  ),
  {
    id: 'comentario',
    header: 'Comentário',
    enableSorting: false,
    cell: ({ row }) => row.original.comentario || <span className="muted">(apagado)</span>,
  },
]

/**
 * `/admin/opinioes` (admins: every store; gestores: their restaurants'): the customers' opinions filtered by store,
 * rating and day, and each store's average per criterion over the same filter.
 */
export function OpinioesPage() {
  const [loja, setLoja] = useState('')
  const [rating, setRating] = useState('')
  const [de, setDe] = useState('')
  const [ate, setAte] = useState('')
  const [estado, setEstado] = useState<EstadoTabela>({ pagina: 1, ordenar: 'criado_em', direcao: 'desc' })
  const lojas = useQuery({
    queryKey: [...adminKeys.all, 'lojas'],
    queryFn: ({ signal }) => adminGet<LojaAdmin[]>('/lojas', signal),
  })
  const filtros = { loja, rating, de, ate }
  const opinioes = useQuery({
    queryKey: adminKeys.opinioes({ ...filtros, ...estado }),
    queryFn: ({ signal }) => adminGet<Resposta>(`/opinioes?${queryDe(estado, filtros)}`, signal),
    placeholderData: keepPreviousData,
  })
  const filtrar = (set: (v: string) => void) => (e: { target: { value: string } }) => {
    set(e.target.value)
    setEstado((s) => ({ ...s, pagina: 1 }))
  }

  return (
    <AdminLayout titulo="Opiniões" papeis={papeisDe('opinioes')}>
      <h1>Opiniões</h1>
      <div className="admin-filtros">
        <SelectField name="loja" label="Loja" value={loja} onChange={filtrar(setLoja)}>
          <option value="">Todas</option>
          {lojas.data?.map((l) => (
            <option key={l.id_loja} value={l.id_loja}>
              {l.nome}
            </option>
          ))}
        </SelectField>
        <SelectField name="rating" label="Classificação" value={rating} onChange={filtrar(setRating)}>
          <option value="">Todas</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? 'estrela' : 'estrelas'}
            </option>
          ))}
        </SelectField>
        <Field name="de" label="De" type="date" value={de} onChange={filtrar(setDe)} />
        <Field name="ate" label="Até" type="date" value={ate} onChange={filtrar(setAte)} />
      </div>
      {opinioes.isError && <p role="alert">{opinioes.error.message}</p>}
      {!opinioes.data && !opinioes.isError && <p role="status">A carregar…</p>}
      {opinioes.data && (
        <>
          <h2>Médias por loja</h2>
          {opinioes.data.medias.length === 0 ? (
            <p>Sem opiniões para estes filtros.</p>
          ) : (
            <table className="admin-tabela">
              <caption className="visually-hidden">Médias por loja e por critério (de 1 a 5)</caption>
              <thead>
                <tr>
                  <th scope="col">Loja</th>
                  <th scope="col">Opiniões</th>
                  {CRITERIOS.map((c) => (
                    <th key={c.campo} scope="col">
                      {c.nome}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {opinioes.data.medias.map((m) => (
                  <tr key={m.id_loja}>
                    <td>{m.loja}</td>
                    <td>{m.opinioes}</td>
                    {CRITERIOS.map((c) => (
                      <td key={c.campo}>{media(m[c.campo])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h2>Opiniões</h2>
          <Tabela
            legenda="Opiniões dos clientes"
            colunas={colunas}
            pagina={opinioes.data}
            estado={estado}
            onEstado={setEstado}
            vazio="Sem opiniões para estes filtros."
            chave={(o) => o.id}
          />
        </>
      )}
    </AdminLayout>
  )
}
