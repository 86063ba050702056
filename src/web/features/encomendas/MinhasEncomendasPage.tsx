import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { estadoTexto, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { formatDateTime, formatMoney } from '../../../shared/format.ts'
import type { EncomendaCliente, HistoricoEncomendas } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { apiGet } from '../../lib/api.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { encomendasKeys } from './keys.ts'
import './encomendas.css'

const pagina = (antes: number | null, signal: AbortSignal) =>
  apiGet<HistoricoEncomendas>(`/api/encomendas${antes === null ? '' : `?antes=${antes}`}`, signal)

/** An order's line as the list names it: '2 × Galão', '1 × Bitoque (meia dose)'. */
const linhaDe = (l: EncomendaCliente['linhas'][number]) =>
  `${l.qtd} × ${l.produto}${l.porcao === 'meia' ? ' (meia dose)' : ''}`

function EncomendaItem({ o }: { o: EncomendaCliente }) {
  const titulo = `encomenda-${o.orderId}`
  return (
    <li className="minha-encomenda">
      <article aria-labelledby={titulo}>
        <h2 id={titulo} className="minha-encomenda-titulo">
          <Link to={`${paths.finalizarPasso2}?encomenda=${o.orderId}`}>Pedido {o.codigo}</Link>
        </h2>
        <p className="minha-encomenda-estado">{estadoTexto(o.status, o.pago, o.minutos)}</p>
        <p className="muted">
          {o.loja} · {TIPOS_ENTREGA[o.id_tipo_entrega]} ·{' '}
          <time dateTime={o.criada_em}>{formatDateTime(o.criada_em, o.fuso)}</time>
        </p>
        <ul className="minha-encomenda-linhas">
          {o.linhas.map((l, i) => (
            // Lines have no id of their own: their place in the order is theirs.
            // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change place.
            <li key={i}>{linhaDe(l)}</li>
          ))}
        </ul>
        <p className="minha-encomenda-total">Total {formatMoney(o.total)}</p>
      </article>
    </li>
  )
}

/**
 * 'As minhas encomendas' (from the profile and the confirmation): the customer's orders, newest first, with state,
 * store, total and lines; each opens its own screen. Older ones a page at a time ('Mostrar mais'). The states follow
 * the event stream, as the order's own screen does (its key is under the orders' key).
 */
export function MinhasEncomendasPage() {
  useHeader('As minhas encomendas', paths.perfil)
  const query = useInfiniteQuery({
    queryKey: encomendasKeys.historico,
    queryFn: ({ pageParam, signal }) => pagina(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (ultima) => ultima.seguinte,
  })
  if (query.isPending) return <Loading />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  const encomendas = query.data.pages.flatMap((p) => p.encomendas)
  return (
    <main className="page page-minhas-encomendas" id="conteudo">
      <h1>As minhas encomendas</h1>
      {encomendas.length === 0 ? (
        <EmptyState>
          Ainda não fez nenhuma encomenda. <Link to={paths.catalogo}>Ver o catálogo</Link>
        </EmptyState>
      ) : (
        <ul className="minhas-encomendas">
          {encomendas.map((o) => (
            <EncomendaItem key={o.orderId} o={o} />
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={query.isFetchingNextPage}
          onClick={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage()
          }}
        >
          {query.isFetchingNextPage ? 'A carregar…' : 'Mostrar mais'}
        </button>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className="form-error">
          Não foi possível carregar mais encomendas. Tente novamente.
        </p>
      )}
    </main>
  )
}
