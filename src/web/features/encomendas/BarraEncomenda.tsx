import { Link } from 'react-router'
import { ESTADO, estadoTexto } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { useEncomendaLocal } from './carrinho.ts'

const ESTADOS_ATUAIS: readonly number[] = [ESTADO.pagamento, ESTADO.recebido, ESTADO.emPreparacao, ESTADO.pronto]

/**
 * The order the catalogue follows (spec §2 "an order status bar"): the newest of the customer's current orders (the
 * server sends the last hour's, newest first) that is under way or ready, not cancelled.
 */
export function encomendaAtual(ordering: readonly EncomendaCliente[] | undefined): EncomendaCliente | undefined {
  return ordering?.find((o) => ESTADOS_ATUAIS.includes(o.status))
}

/** Payment still awaited: the payment screen; otherwise the confirmation, which follows the order. */
export const linkDaEncomenda = (o: EncomendaCliente) =>
  `${o.status === ESTADO.pagamento && !o.pago ? paths.finalizarPassoPagamento : paths.finalizarPasso2}?encomenda=${o.orderId}`

export const artigos = (n: number) => `${n} ${n === 1 ? 'artigo' : 'artigos'}`

/**
 * The catalogue's bottom bar (spec §2): the current order's status (followed live through the session's event
 * stream), or else 'Ver carrinho' with the cart's quantity and subtotal. A polite live region, always there, so that
 * a change of status or of the cart's total is read out.
 */
export function BarraEncomenda() {
  const privateData = usePrivateData()
  const { quantidade, subtotal } = useEncomendaLocal()
  const atual = encomendaAtual(privateData.data?.ordering)
  return (
    <div className="enc-barra-zona" aria-live="polite">
      {atual ? (
        <Link className="enc-barra enc-barra-estado" to={linkDaEncomenda(atual)}>
          <span className="enc-barra-texto">
            <span className="enc-barra-titulo">Pedido {atual.codigo}</span>
            <span>{estadoTexto(atual.status, atual.pago)}</span>
          </span>
          <span className="enc-barra-seta" aria-hidden="true">
            ›
          </span>
        </Link>
      ) : quantidade > 0 ? (
        <Link className="enc-barra" to={paths.carrinho}>
          <span className="enc-barra-qtd">
            {quantidade}
            <span className="visually-hidden"> {quantidade === 1 ? 'artigo' : 'artigos'}</span>
          </span>
          <span className="enc-barra-titulo">Ver carrinho</span>
          <span className="enc-barra-total">{formatMoney(subtotal)}</span>
        </Link>
      ) : null}
    </div>
  )
}
