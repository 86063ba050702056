import { useId } from 'react'
import type { Vendedor } from '../../../shared/encomenda.ts'
import { formatMoney } from '../../../shared/format.ts'

/** Prices as the law wants them read: final, taxes included (DL 138/90, art. 1; DL 24/2014, art. 4(1)(e)). */
export const COM_IVA = 'Preços com IVA incluído.'

/** Prepared food is not returnable once ordered (DL 24/2014, art. 17(1)(c) and (d)): said before the order. */
export const SEM_LIVRE_RESOLUCAO =
  'Por se tratar de refeições preparadas no momento, não há direito de livre resolução depois de feita a encomenda.'

interface ResumoPreContratualProps {
  vendedor: Vendedor
  /** The lines, cents with VAT. */
  produtos: number
  /** The single-use packaging contribution, cents with VAT (0: none). */
  embalagens: number
  /** The balance used (0: none). */
  desconto: number
  /** What the reward used takes off, before the balance (0: none). */
  premio?: number
  /** What is charged: produtos + embalagens − desconto. */
  total: number
  /** How it is paid, in one sentence ('Paga com MB WAY ao finalizar.'). */
  comoPaga: string
}

/**
 * What the customer must know right before the order that obliges them to pay (DL 24/2014, arts. 4 and 5; decision
 * 0037): who sells (the store's operating company, its NIPC, and the store), the total with VAT and every charge in it,
 * how it is paid, and that prepared food cannot be returned once ordered. Shown right above 'Finalizar e pagar'.
 */
export function ResumoPreContratual({
  vendedor,
  produtos,
  embalagens,
  desconto,
  premio = 0,
  total,
  comoPaga,
}: ResumoPreContratualProps) {
  const titulo = useId()
  return (
    <section className="chk-painel chk-contrato" aria-labelledby={titulo}>
      <h2 id={titulo}>Resumo antes de pagar</h2>
      <p className="chk-vendedor">
        Vendido por <strong>{vendedor.empresa}</strong>, NIPC {vendedor.nipc}, na loja {vendedor.loja} (
        {vendedor.morada}).
      </p>
      <dl className="chk-totais">
        <div>
          <dt>Produtos</dt>
          <dd>{formatMoney(produtos)}</dd>
        </div>
        {embalagens > 0 && (
          <div>
            <dt>Contribuição embalagens</dt>
            <dd>{formatMoney(embalagens)}</dd>
          </div>
        )}
        {premio > 0 && (
          <div>
            <dt>Prémio</dt>
            <dd>{formatMoney(-premio)}</dd>
          </div>
        )}
        {desconto > 0 && (
          <div>
            <dt>Saldo usado</dt>
            <dd>{formatMoney(-desconto)}</dd>
          </div>
        )}
        <div className="chk-total">
          <dt>Total a pagar</dt>
          <dd>{formatMoney(total)}</dd>
        </div>
      </dl>
      <p className="chk-nota">
        {COM_IVA} {total > 0 ? comoPaga : 'O seu saldo paga tudo: não há nada a pagar.'}
      </p>
      <p className="chk-nota">{SEM_LIVRE_RESOLUCAO}</p>
    </section>
  )
}
