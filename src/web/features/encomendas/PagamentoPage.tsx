import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
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
import { AguardarMultibanco, PagamentoNaPagina } from './PagamentoMetodos.tsx'
import { anuncioTempo, entrarPara, idDaEncomenda, mmss, useEncomenda, useSegundosAte } from './use-encomenda.ts'
import './checkout.css'
import { Redirect } from '../../ui/Redirect.tsx'

/**
 * Spec §2 "Payment" (`/carrinho/pagamento?encomenda={id}`): 'Pagamento em curso', the method (MB WAY), the amount and
 * the phone asked to pay, with the time left to accept it. Follows the order live: paid (in any state, a late payment
 * on an order given up included: the confirmation says it is refunded) → the confirmation; refused or expired →
 * 'Pagamento não concluído', the cart still there to try again.
 *
 * The request's expiry on the phone's clock is said at once, as one message, but only the server may say that nothing
 * was charged: a payment accepted in the last seconds reaches it after the expiry. So at the expiry the order is read
 * again (the server then asks the provider), and the way to try again (a new order, a new request) is offered only
 * once the server says the order was given up unpaid (its balance back): never while the first may still be paid.
 */
export function PagamentoPage() {
  useHeader('Pagamento')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = idDaEncomenda(params.get('encomenda'))
  // Held once seen: the server may drop the request's details before it marks the order cancelled, and the screen
  // must not go back to waiting in between.
  const [expirada, setExpirada] = useState<number | null>(null)
  const encomenda = useEncomenda(id, expirada !== null && expirada === id)
  const o = encomenda.data
  useEncerrarCarrinho(o)
  const segundos = useSegundosAte(o?.status === ESTADO.pagamento && !o.pago ? o.pagamento?.expira_em : null)
  const orderId = o?.orderId
  const { refetch } = encomenda
  useEffect(() => {
    if (segundos !== 0 || orderId === undefined) return
    setExpirada(orderId)
    void refetch()
  }, [segundos, orderId, refetch])
  const expirou = o !== undefined && !o.pago && (segundos === 0 || expirada === o.orderId)

  const pago = o !== undefined && (o.pago || (o.status !== ESTADO.pagamento && o.status !== ESTADO.cancelado))
  useEffect(() => {
    if (pago && o) navigate(`${paths.finalizarPasso2}?encomenda=${o.orderId}`, { replace: true })
  }, [pago, o, navigate])

  if (id === null) return <Redirect to={paths.carrinho} />
  if (encomenda.isPending) return <Loading />
  if (encomenda.isError) {
    if (isNotFound(encomenda.error)) return <Redirect to={paths.carrinho} />
    const entrar = entrarPara(encomenda.error, `${paths.finalizarPassoPagamento}?encomenda=${id}`)
    if (entrar) return <Redirect {...entrar} />
    return <ErrorState error={encomenda.error} onRetry={() => void encomenda.refetch()} />
  }
  if (o === undefined || pago) return <Loading />
  // Given up, not paid: the server's reason, and only now that nothing was charged and the way to try again.
  if (o.status === ESTADO.cancelado) return <NaoConcluido motivo={o.motivo} />
  // The phone's time is over, the server's word not in yet: the same screen, without those.
  if (expirou) return <NaoConcluido motivo={expirouTexto(o.pagamento?.metodo)} aguarda />
  const p = o.pagamento
  if (p?.metodo === 'Multibanco') return <AguardarMultibanco o={o} mb={p} />
  if (p && 'url' in p) return <PagamentoNaPagina o={o} pagina={p} volta={params.get('volta')} />
  return <EmCurso o={o} mbway={p?.metodo === 'MB WAY' ? p : null} segundos={segundos} />
}

/** What the screen says once the request's time is over, before the server's word. */
function expirouTexto(metodo: string | undefined): string {
  if (metodo === 'Multibanco') return 'A referência Multibanco expirou.'
  if (metodo === 'MB WAY' || metodo === undefined) return 'O pedido de pagamento MB WAY expirou.'
  return 'O tempo para pagar terminou.'
}

type MbWay = Extract<NonNullable<EncomendaCliente['pagamento']>, { metodo: 'MB WAY' }>

function EmCurso({ o, mbway, segundos }: { o: EncomendaCliente; mbway: MbWay | null; segundos: number | null }) {
  const agrupar = useAgruparTelemovel(mbway?.pais)
  return (
    <main className="page chk-page" id="conteudo">
      <h1>Pagamento em curso</h1>
      <section className="chk-painel chk-pagamento" aria-labelledby="chk-pagamento-titulo">
        <h2 id="chk-pagamento-titulo" className="visually-hidden">
          Pedido de pagamento
        </h2>
        <dl className="chk-totais">
          <div>
            <dt>Método de pagamento</dt>
            <dd>{o.pago_com ?? 'MB WAY'}</dd>
          </div>
          {mbway && (
            <div>
              <dt>Telemóvel</dt>
              <dd>{formatTelemovel(mbway.pais, mbway.telemovel, agrupar)}</dd>
            </div>
          )}
          <div className="chk-total">
            <dt>Valor a pagar</dt>
            <dd>{formatMoney(o.valor_pago)}</dd>
          </div>
        </dl>
        {mbway ? (
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
 * kept; the server prices it and asks MB WAY anew, under a new order). `aguarda`: the time ran out on the phone and
 * the server has not given the order up yet: a payment accepted at the last instant may still come, so nothing is said
 * to be uncharged and no new order is offered. One element either way: the message's live region stays, and speaks
 * when the server's word changes it.
 */
function NaoConcluido({ motivo, aguarda = false }: { motivo: string | null; aguarda?: boolean }) {
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
      <div className="chk-painel chk-falhou" role="status" aria-atomic="true">
        <p>{motivo ?? 'O pagamento não foi concluído.'}</p>
        <p className="chk-nota">
          {aguarda
            ? 'Se aceitou o pagamento no último instante, a encomenda avança sozinha.'
            : 'A encomenda não avançou e nada foi cobrado. O carrinho continua guardado.'}
        </p>
      </div>
      {!aguarda && (
        <div className="form-actions">
          <Link className="button" to={paths.finalizarPasso1}>
            Tentar novamente
          </Link>
          <Link className="button button-secondary" to={paths.carrinho}>
            Voltar ao carrinho
          </Link>
        </div>
      )}
    </main>
  )
}
