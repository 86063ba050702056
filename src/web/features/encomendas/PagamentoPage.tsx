import { useEffect, useRef, useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import { formatMoney, formatTelemovel } from '../../../shared/format.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { isNotFound } from '../../lib/api.ts'
import { useAgruparTelemovel } from '../../lib/telemovel.ts'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useEncerrarCarrinho } from './encomenda-feita.ts'
import { anuncioTempo, idDaEncomenda, mmss, useEncomenda, useSegundosAte } from './use-encomenda.ts'
import './checkout.css'

/**
 * Spec §2 "Payment" (`/carrinho/pagamento?encomenda={id}`): 'Pagamento em curso', the method (MB WAY), the amount and
 * the phone asked to pay, with the time left to accept it. Follows the order live: paid → the confirmation; refused
 * or expired → 'Pagamento não concluído', the cart still there to try again. The request's expiry is read from the
 * clock, not awaited from the server: the phone cannot accept it any more, and the server gives the order up only some
 * time later (a payment that still arrives is refunded), so the person is told at once and may try again.
 */
export function PagamentoPage() {
  useHeader('Pagamento')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = idDaEncomenda(params.get('encomenda'))
  const encomenda = useEncomenda(id)
  const o = encomenda.data
  useEncerrarCarrinho(o)
  const segundos = useSegundosAte(o?.status === ESTADO.pagamento && !o.pago ? o.pagamento?.expira_em : null)
  // Held once seen: the server may drop the request's details before it marks the order cancelled, and the screen
  // must not go back to waiting in between.
  const [expirada, setExpirada] = useState<number | null>(null)
  const orderId = o?.orderId
  useEffect(() => {
    if (segundos === 0 && orderId !== undefined) setExpirada(orderId)
  }, [segundos, orderId])
  const expirou = o !== undefined && !o.pago && (segundos === 0 || expirada === o.orderId)

  const pago = o !== undefined && o.status !== ESTADO.pagamento && o.status !== ESTADO.cancelado
  useEffect(() => {
    if (pago && o) navigate(`${paths.finalizarPasso2}?encomenda=${o.orderId}`, { replace: true })
  }, [pago, o, navigate])

  if (id === null) return <Navigate to={paths.carrinho} replace />
  if (encomenda.isPending) return <Loading />
  if (encomenda.isError) {
    if (isNotFound(encomenda.error)) return <Navigate to={paths.carrinho} replace />
    return <ErrorState error={encomenda.error} onRetry={() => void encomenda.refetch()} />
  }
  if (o === undefined || pago) return <Loading />
  if (o.status === ESTADO.cancelado) return <NaoConcluido motivo={o.motivo} />
  if (expirou) return <NaoConcluido motivo={PEDIDO_EXPIROU} />
  return <EmCurso o={o} segundos={segundos} />
}

const PEDIDO_EXPIROU = 'O pedido de pagamento MB WAY expirou.'

function EmCurso({ o, segundos }: { o: EncomendaCliente; segundos: number | null }) {
  const agrupar = useAgruparTelemovel(o.pagamento?.pais)
  return (
    <main className="page chk-page" id="conteudo">
      <h1>{o.pago ? 'Pagamento efetuado' : 'Pagamento em curso'}</h1>
      <section className="chk-painel chk-pagamento" aria-labelledby="chk-pagamento-titulo">
        <h2 id="chk-pagamento-titulo" className="visually-hidden">
          Pedido de pagamento
        </h2>
        <dl className="chk-totais">
          <div>
            <dt>Método de pagamento</dt>
            <dd>MB WAY</dd>
          </div>
          {o.pagamento && (
            <div>
              <dt>Telemóvel</dt>
              <dd>{formatTelemovel(o.pagamento.pais, o.pagamento.telemovel, agrupar)}</dd>
            </div>
          )}
          <div className="chk-total">
            <dt>Valor a pagar</dt>
            <dd>{formatMoney(o.valor_pago)}</dd>
          </div>
        </dl>
        {o.pago ? (
          <p className="chk-nota">Pagamento recebido. A confirmar a encomenda…</p>
        ) : o.pagamento ? (
          <>
            <p className="chk-nota">Aceite o pagamento na app MB WAY do seu telemóvel.</p>
            {segundos !== null && (
              <div className="chk-contagem">
                <p className="chk-contagem-rotulo">Tempo para aceitar</p>
                {/* The visible clock ticks every second; screen readers hear the line below, once a minute. */}
                <p className="chk-relogio" aria-hidden="true">
                  {mmss(segundos)}
                </p>
              </div>
            )}
            {segundos !== null && <Anuncio texto={anuncioTempo(segundos)} />}
          </>
        ) : (
          <p className="chk-nota">A enviar o pedido de pagamento…</p>
        )}
        <span className="spinner chk-espera" aria-hidden="true" />
      </section>
      <p className="chk-aside">
        Encomenda n.º {o.codigo} · {o.loja}
      </p>
    </main>
  )
}

/** A polite live region that only speaks when its text changes (here: each minute, and at the end). */
function Anuncio({ texto }: { texto: string }) {
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {texto}
    </p>
  )
}

/**
 * The payment failed or its time ran out: one message and the way to try again (the checkout, with the cart that was
 * kept; the server prices it and asks MB WAY anew, under a new order).
 */
function NaoConcluido({ motivo }: { motivo: string | null }) {
  const titulo = useRef<HTMLHeadingElement>(null)
  // The screen changed under the person: focus (and the screen reader) goes to what it says now.
  useEffect(() => {
    titulo.current?.focus()
  }, [])
  return (
    <main className="page chk-page" id="conteudo">
      <h1 ref={titulo} tabIndex={-1}>
        Pagamento não concluído
      </h1>
      <div className="chk-painel chk-falhou">
        <p>{motivo ?? 'O pagamento MB WAY não foi concluído.'}</p>
        <p className="chk-nota">A encomenda não avançou e nada foi cobrado. O carrinho continua guardado.</p>
      </div>
      <div className="form-actions">
        <Link className="button" to={paths.finalizarPasso1}>
          Tentar novamente
        </Link>
        <Link className="button button-secondary" to={paths.carrinho}>
          Voltar ao carrinho
        </Link>
      </div>
    </main>
  )
}
