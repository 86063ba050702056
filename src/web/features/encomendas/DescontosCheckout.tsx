import { useId } from 'react'
import type { Calculo, TransacaoCalculada } from '../../../shared/encomenda.ts'
import { formatMoney } from '../../../shared/format.ts'
import { CheckboxField } from '../../ui/Field.tsx'
import type { EscolhaPremio } from './premios-checkout.ts'

interface DescontosCheckoutProps {
  t: TransacaoCalculada
  /** The balance used (1) or kept (0), and what it takes off. */
  usar: 0 | 1
  desconto: number
  onSaldo: () => void
  /** The rewards the customer holds (each null: none), and which one is used. */
  premios: Pick<Calculo, 'premio' | 'aniversario'>
  escolha: EscolhaPremio
  onEscolha: (v: EscolhaPremio) => void
}

type PremioOferecido = NonNullable<Calculo['premio']>

/** One reward as a checkbox: what it takes off this cart, or why nothing. */
function PremioCheckbox({
  name,
  rotulo,
  premio,
  escolhido,
  onChange,
}: {
  name: string
  rotulo: string
  premio: PremioOferecido
  escolhido: boolean
  onChange: (v: boolean) => void
}) {
  const avisoId = useId()
  return (
    <div className="chk-premio">
      <CheckboxField
        name={name}
        checked={escolhido && premio.desconto > 0}
        disabled={premio.desconto <= 0}
        aria-describedby={premio.aviso ? avisoId : undefined}
        onChange={(e) => onChange(e.target.checked)}
      >
        {rotulo}: {premio.nome}
        {premio.desconto > 0 && ` (−${formatMoney(premio.desconto)})`}
      </CheckboxField>
      {premio.aviso && (
        <p className="field-hint" id={avisoId}>
          {premio.aviso}
        </p>
      )}
    </div>
  )
}

/**
 * What comes off the order: 'Usar prémio' (decision 0051) and 'Usar o prémio de aniversário' (decision 0053) when the
 * customer holds them, one at most, each saying what it takes off this cart or why nothing; then the balance, asked by
 * 'Rebater Oferta' (spec §4) and changed from here.
 */
export function DescontosCheckout({ t, usar, desconto, onSaldo, premios, escolha, onEscolha }: DescontosCheckoutProps) {
  const { premio, aniversario } = premios
  return (
    <>
      {premio && (
        <PremioCheckbox
          name="resgatar_premio"
          rotulo="Usar prémio"
          premio={premio}
          escolhido={escolha === 'pontos'}
          onChange={(v) => onEscolha(v ? 'pontos' : null)}
        />
      )}
      {aniversario && (
        <PremioCheckbox
          name="usar_premio_aniversario"
          rotulo="Usar o prémio de aniversário"
          premio={aniversario}
          escolhido={escolha === 'aniversario'}
          onChange={(v) => onEscolha(v ? 'aniversario' : null)}
        />
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
