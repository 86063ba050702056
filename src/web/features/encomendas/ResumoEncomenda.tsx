import { formatMoney } from '../../../shared/format.ts'

export interface LinhaResumo {
  qtd: number
  nome: string
  /** The extras and options chosen, by name. */
  escolhas: string[]
  total: number
}

interface ResumoEncomendaProps {
  linhas: LinhaResumo[]
  subtotal: number
  desconto: number
  /** The last line: what is (or was) paid, under its own label ('Total', 'Pago com MB WAY'). */
  totalRotulo: string
  total: number
}

/** An order's lines and totals, as checkout shows what it will cost and the confirmation what it cost. */
export function ResumoEncomenda({ linhas, subtotal, desconto, totalRotulo, total }: ResumoEncomendaProps) {
  return (
    <>
      <ul className="chk-linhas">
        {linhas.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines, in the cart's order, never reordered.
          <li key={i} className="chk-linha">
            <span className="chk-linha-nome">
              {l.qtd} × {l.nome}
              {l.escolhas.length > 0 && <span className="chk-linha-detalhe">{l.escolhas.join(', ')}</span>}
            </span>
            <span className="chk-valor">{formatMoney(l.total)}</span>
          </li>
        ))}
      </ul>
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
    </>
  )
}
