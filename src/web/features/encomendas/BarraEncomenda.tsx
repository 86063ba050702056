import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { ESTADO, estadoTexto } from '../../../shared/estado-pedido.ts'
import { formatMoney, prontoAs } from '../../../shared/format.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { adicaoRecente, useEncomendaLocal } from './carrinho.ts'
import { PRONTA_NA_BARRA_MS, prontaDesde, prontaJaVista, registarPronta } from './pronta-vista.ts'

const ESTADOS_ATUAIS: readonly number[] = [ESTADO.pagamento, ESTADO.recebido, ESTADO.emPreparacao, ESTADO.pronto]

/** How long the bar says what went into the cart. */
export const AVISO_ADICAO_MS = 5000

/**
 * The order the catalogue follows (spec §2 "an order status bar"): the newest of the customer's current orders (the
 * server sends the last hour's, newest first) that is under way, or ready and not yet seen ready for long (see
 * pronta-vista.ts): a ready order the customer has seen does not stay in the way while the store has yet to mark it
 * collected (3), when it leaves at once.
 */
export function encomendaAtual(
  ordering: readonly EncomendaCliente[] | undefined,
  desde: (orderId: number) => number | undefined = () => undefined,
  agora = 0,
): EncomendaCliente | undefined {
  return ordering?.find(
    (o) => ESTADOS_ATUAIS.includes(o.status) && !(o.status === ESTADO.pronto && prontaJaVista(desde(o.orderId), agora)),
  )
}

/** Payment still awaited: the payment screen; otherwise the confirmation, which follows the order. */
export const linkDaEncomenda = (o: EncomendaCliente) =>
  `${o.status === ESTADO.pagamento && !o.pago ? paths.finalizarPassoPagamento : paths.finalizarPasso2}?encomenda=${o.orderId}`

export const artigos = (n: number) => `${n} ${n === 1 ? 'artigo' : 'artigos'}`

/**
 * The catalogue's bottom bars (spec §2): the current order's status (followed live through the session's event
 * stream) and, when the cart has something, 'Ver carrinho' with its quantity and subtotal, each at its full size (the
 * spec's "one or the other" would hide a cart being built behind an order already made). A polite live region, always
 * there, so that a change of status, of the cart's total, or what was just added is read out.
 */
const semRegisto = () => undefined

export function BarraEncomenda() {
  const privateData = usePrivateData()
  const { quantidade, subtotal, lida } = useEncomendaLocal()
  const [, redesenhar] = useState(0)
  // Since when a ready order was seen is the device's record: the server's render and its hydration know nothing of it.
  const atual = encomendaAtual(privateData.data?.ordering, lida ? prontaDesde : semRegisto, Date.now())
  const prontaId = atual?.status === ESTADO.pronto ? atual.orderId : undefined
  useEffect(() => {
    if (prontaId === undefined) return
    const desde = registarPronta(prontaId, Date.now())
    const timer = setTimeout(() => redesenhar((n) => n + 1), Math.max(0, desde + PRONTA_NA_BARRA_MS - Date.now()))
    return () => clearTimeout(timer)
  }, [prontaId])

  // Set after the first paint, into the live region that is already there, so that it is read out.
  const [adicao, setAdicao] = useState<string | null>(null)
  useEffect(() => {
    const recente = adicaoRecente(Date.now(), AVISO_ADICAO_MS)
    if (!recente) return
    setAdicao(recente.texto)
    const timer = setTimeout(() => setAdicao(null), Math.max(0, recente.em + AVISO_ADICAO_MS - Date.now()))
    return () => clearTimeout(timer)
  }, [])

  return (
    <div className="enc-barra-zona" aria-live="polite">
      {adicao && quantidade > 0 && (
        <p className="enc-adicionado">
          <span className="enc-adicionado-icone" aria-hidden="true">
            ✓
          </span>
          Adicionado ao carrinho: {adicao}
        </p>
      )}
      {atual && (
        <Link className="enc-barra enc-barra-estado" to={linkDaEncomenda(atual)}>
          <span className="enc-barra-texto">
            <span className="enc-barra-titulo">Pedido {atual.codigo}</span>
            <span>{estadoTexto(atual.status, atual.pago, atual.minutos, prontoAs(atual))}</span>
          </span>
          <span className="enc-barra-seta" aria-hidden="true">
            ›
          </span>
        </Link>
      )}
      {quantidade > 0 && (
        <Link
          className={adicao ? 'enc-barra enc-barra-carrinho enc-barra-nova' : 'enc-barra enc-barra-carrinho'}
          to={paths.carrinho}
        >
          <span className="enc-barra-qtd">
            {quantidade}
            <span className="visually-hidden"> {quantidade === 1 ? 'artigo' : 'artigos'}</span>
          </span>
          <span className="enc-barra-titulo">Ver carrinho</span>
          <span className="enc-barra-total">{formatMoney(subtotal)}</span>
        </Link>
      )}
    </div>
  )
}
