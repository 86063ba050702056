import { useId } from 'react'
import type { Calculo, TransacaoCalculada } from '../../../shared/encomenda.ts'
import { formatMoney } from '../../../shared/format.ts'
import { CheckboxField } from '../../ui/Field.tsx'

interface DescontosCheckoutProps {
  t: TransacaoCalculada
  /** The balance used (1) or kept (0), and what it takes off. */
  usar: 0 | 1
  desconto: number
  onSaldo: () => void
  /** The reward the customer holds (null: none), and whether it is used. */
  premio: Calculo['premio']
  resgatar: 0 | 1
  onResgatar: (v: 0 | 1) => void
}

/**
 * What comes off the order: 'Usar prémio' (decision 0051) when the customer holds a reward, saying what it takes off
 * this cart or why nothing; then the balance, asked by 'Rebater Oferta' (spec §4) and changed from here.
 */
export function DescontosCheckout({
  t,
  usar,
  desconto,
  onSaldo,
  premio,
  resgatar,
  onResgatar,
}: DescontosCheckoutProps) {
  const avisoId = useId()
  return (
    <>
      {premio && (
        <div className="chk-premio">
          <CheckboxField
            name="resgatar_premio"
            checked={resgatar === 1 && premio.desconto > 0}
            disabled={premio.desconto <= 0}
            aria-describedby={premio.aviso ? avisoId : undefined}
            onChange={(e) => onResgatar(e.target.checked ? 1 : 0)}
          >
            Usar prémio: {premio.nome}
            {premio.desconto > 0 && ` (−${formatMoney(premio.desconto)})`}
          </CheckboxField>
          {premio.aviso && (
            <p className="field-hint" id={avisoId}>
              {premio.aviso}
            </p>
          )}
        </div>
      )}
      {t.total_outstanding_removed > 0 && (
        <p className="chk-saldo">
          {usar === 1
            ? `Está a usar ${formatMoney(desconto)} do seu saldo.`
            : `Tem ${formatMoney(t.customer_outstanding)} de saldo em conta.`}{' '}
          <button type="button" className="link-button" aria-haspopup="dialog" onClick={onSaldo}>
            {usar === 1 ? 'Manter em conta' : 'Usar o saldo'}
          </button>
        </p>
      )}
    </>
  )
}
