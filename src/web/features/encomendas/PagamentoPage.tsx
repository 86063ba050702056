import { useEffect, useRef } from 'react'
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
 * or expired → 'Pagamento não concluído', the cart still there to try again.
 */
export function PagamentoPage() {
  useHeader('Pagamento')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = idDaEncomenda(params.get('encomenda'))
  const encomenda = useEncomenda(id)
  const o = encomenda.data
  useEncerrarCarrinho(o)

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
  if (o.status === ESTADO.cancelado) return <NaoConcluido o={o} />
  return <EmCurso o={o} />
}

function EmCurso({ o }: { o: EncomendaCliente }) {
  const agrupar = useAgruparTelemovel(o.pagamento?.pais)
  const segundos = useSegundosAte(o.pagamento?.expira_em)
  const expirou = segundos === 0
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
              <div className={expirou ? 'chk-contagem chk-contagem-fim' : 'chk-contagem'}>
                {expirou ? (
                  <p>O pedido de pagamento expirou.</p>
                ) : (
                  <>
                    <p className="chk-contagem-rotulo">Tempo para aceitar</p>
                    {/* The visible clock ticks every second; screen readers hear the line below, once a minute. */}
                    <p className="chk-relogio" aria-hidden="true">
                      {mmss(segundos)}
                    </p>
                  </>
                )}
              </div>
            )}
            {segundos !== null && <Anuncio texto={anuncioTempo(segundos)} />}
            {expirou && <p className="chk-nota">A aguardar a confirmação do MB WAY…</p>}
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

function NaoConcluido({ o }: { o: EncomendaCliente }) {
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
        <p>{o.motivo ?? 'O pagamento MB WAY não foi concluído.'}</p>
        <p className="chk-nota">A encomenda não avançou. O carrinho continua guardado: pode tentar de novo.</p>
      </div>
      <div className="form-actions">
        <Link className="button" to={paths.carrinho}>
          Voltar ao carrinho
        </Link>
      </div>
    </main>
  )
}
