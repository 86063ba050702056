import { formatMoney, linhaEmbalagem } from '../../../shared/format.ts'
import type { PedidoEmbalagem } from '../../../shared/pedido.ts'
import './ementa.css'

export interface LinhaResumo {
  qtd: number
  nome: string
  /** The extras and options chosen, by name. */
  escolhas: string[]
  /** A half portion's name ('Meia dose'); null or absent for a full dose. */
  porcao?: string | null
  /** The note for the kitchen. */
  observacoes?: string | null
  total: number
}

/** A half portion's name in the order's screens (the catalogue's own label when the cart still has it). */
export const MEIA_DOSE = 'Meia dose'

interface ResumoEncomendaProps {
  linhas: LinhaResumo[]
  /** The single-use packaging contribution of a take-away order: a line of its own per product. */
  embalagens?: PedidoEmbalagem[] | undefined
  /** With the totals under the lines; the checkout says them in its pre-contract summary instead (ResumoPreContratual). */
  subtotal?: number
  desconto?: number
  /** The last line: what is (or was) paid, under its own label ('Total', 'Pago com MB WAY'). */
  totalRotulo?: string
  total?: number
}

/** An order's lines and totals, as checkout shows what it will cost and the confirmation what it cost. */
export function ResumoEncomenda({
  linhas,
  embalagens = [],
  subtotal,
  desconto = 0,
  totalRotulo,
  total = 0,
}: ResumoEncomendaProps) {
  return (
    <>
      <ul className="chk-linhas">
        {linhas.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines, in the cart's order, never reordered.
          <li key={i} className="chk-linha">
            <span className="chk-linha-nome">
              {l.qtd} × {l.nome}
              {l.porcao && (
                <>
                  {' '}
                  <span className="ementa-porcao-marca">{l.porcao}</span>
                </>
              )}
              {l.escolhas.length > 0 && <span className="chk-linha-detalhe">{l.escolhas.join(', ')}</span>}
              {l.observacoes && <span className="chk-linha-detalhe">Observações: {l.observacoes}</span>}
            </span>
            <span className="chk-valor">{formatMoney(l.total)}</span>
          </li>
        ))}
        {embalagens.map((e) => (
          <li key={e.produto} className="chk-linha">
            <span className="chk-linha-nome">
              {e.qtd} × {linhaEmbalagem(e.produto)}
            </span>
            <span className="chk-valor">{formatMoney(e.valor)}</span>
          </li>
        ))}
      </ul>
      {subtotal !== undefined && (
        <dl className="chk-totais">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatMoney(subtotal)}</dd>
          </div>
          <div>
            <dt>Desconto</dt>
            <dd>{formatMoney(desconto > 0 ? -desconto : 0)}</dd>
          </div>
          <div className="chk-total">
            <dt>{totalRotulo}</dt>
            <dd>{formatMoney(total)}</dd>
          </div>
        </dl>
      )}
    </>
  )
}
