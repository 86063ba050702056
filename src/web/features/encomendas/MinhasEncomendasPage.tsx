import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { estadoTexto, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { diaEmLisboa, formatDateTime, formatMoney, prontoAs } from '../../../shared/format.ts'
import { maioridade } from '../../../shared/maioridade.ts'
import type { EncomendaCliente, HistoricoEncomendas, ParaRepetir } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError, apiGet } from '../../lib/api.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { catalogoQuery } from './api.ts'
import { useEncomendaLocal } from './carrinho.ts'
import { encomendasKeys } from './keys.ts'
import { MEIA_DOSE } from './ResumoEncomenda.tsx'
import { avisoRepetir, type EstadoRepetido, repetirNoCatalogo } from './repetir.ts'
import './encomendas.css'

const pagina = (antes: number | null, signal: AbortSignal) =>
  apiGet<HistoricoEncomendas>(`/api/encomendas${antes === null ? '' : `?antes=${antes}`}`, signal)

/** An order's line as the list names it: '2 × Galão', '1 × Bitoque (Meia dose)' (the checkout's word for it). */
const linhaDe = (l: EncomendaCliente['linhas'][number]) =>
  `${l.qtd} × ${l.produto}${l.porcao === 'meia' ? ` (${MEIA_DOSE})` : ''}`

/**
 * 'Repetir': the order's lines found in its store's current menu at today's prices (repetir.ts) become the cart, at its
 * store and kind of sale; the cart names what was left out, and the customer goes on to pay from there as from any
 * cart. A cart with other lines is only replaced once the customer says so.
 */
function useRepetir(orderId: number) {
  const queryClient = useQueryClient()
  const local = useEncomendaLocal()
  const navigate = useNavigate()
  const dataNascimento = usePrivateData().data?.user.data?.dataNascimento
  return useMutation({
    mutationFn: async () => {
      const pedido = await apiGet<ParaRepetir>(`/api/encomendas/${orderId}/repetir`)
      const catalogo = await queryClient.fetchQuery({ ...catalogoQuery(pedido.id_loja), staleTime: 0 })
      const maior = maioridade(dataNascimento, diaEmLisboa(Date.now())) === 'maior'
      return { pedido, ...repetirNoCatalogo(catalogo, pedido, maior) }
    },
    onSuccess: ({ pedido, linhas, fora }) => {
      // Nothing left to order: the cart stays as it was, and the order's card says why.
      if (linhas.length === 0) return
      local.repetir(pedido.id_loja, pedido.id_tipo_entrega, linhas)
      const estado: EstadoRepetido = { avisoRepetir: avisoRepetir(fora) }
      navigate(paths.carrinho, { state: estado })
    },
  })
}

function Repetir({ o }: { o: EncomendaCliente }) {
  const local = useEncomendaLocal()
  const repetir = useRepetir(o.orderId)
  const [confirmar, setConfirmar] = useState(false)
  const botao = useRef<HTMLButtonElement>(null)
  const iniciar = () => {
    if (repetir.isPending) return
    if (local.linhas.length > 0 && !confirmar) setConfirmar(true)
    else {
      setConfirmar(false)
      repetir.mutate()
    }
  }
  const nada = repetir.isSuccess && repetir.data.linhas.length === 0
  return (
    <div className="minha-encomenda-repetir">
      {confirmar && (
        <p role="alert" className="minha-encomenda-aviso">
          O carrinho já tem produtos: repetir esta encomenda substitui-os.
        </p>
      )}
      <button
        ref={botao}
        type="button"
        className="button button-secondary"
        aria-disabled={repetir.isPending}
        onClick={iniciar}
      >
        {repetir.isPending ? 'A preparar…' : confirmar ? 'Substituir o carrinho' : 'Repetir'}
        <span className="visually-hidden">
          {confirmar ? ' pelo pedido ' : ' o pedido '}
          {o.codigo}
        </span>
      </button>
      {confirmar && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setConfirmar(false)
            botao.current?.focus()
          }}
        >
          Cancelar
        </button>
      )}
      {nada && (
        <p role="alert" className="minha-encomenda-aviso">
          {`Nada desta encomenda pode ser pedido hoje. ${avisoRepetir(repetir.data.fora) ?? ''}`}
        </p>
      )}
      {repetir.isError && (
        <p role="alert" className="form-error minha-encomenda-aviso">
          {repetir.error instanceof ApiError
            ? repetir.error.message
            : 'Não foi possível repetir a encomenda. Tente novamente.'}
        </p>
      )}
    </div>
  )
}

function EncomendaItem({ o }: { o: EncomendaCliente }) {
  const titulo = `encomenda-${o.orderId}`
  return (
    <li className="minha-encomenda">
      <article aria-labelledby={titulo}>
        <h2 id={titulo} className="minha-encomenda-titulo">
          <Link to={`${paths.finalizarPasso2}?encomenda=${o.orderId}`}>Pedido {o.codigo}</Link>
        </h2>
        <p className="minha-encomenda-estado">{estadoTexto(o.status, o.pago, o.minutos, prontoAs(o))}</p>
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
        <Repetir o={o} />
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
  // Whose list it is: a phone shared by two customers never shows one the other's from its cache.
  const utilizador = usePrivateData().data?.user.data?.id ?? null
  const query = useInfiniteQuery({
    queryKey: [...encomendasKeys.historico, utilizador],
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
