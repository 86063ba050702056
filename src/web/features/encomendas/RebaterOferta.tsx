import type { TransacaoCalculada } from '../../../shared/encomenda.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { mensagemSaldo } from './use-finalizar.ts'

interface RebaterOfertaProps {
  transacao: Pick<TransacaoCalculada, 'customer_outstanding' | 'total_outstanding_removed'>
  /** 1 'Usar', 0 'Manter em conta' (also a click outside or Escape: the default keeps the balance). */
  onEscolha: (usar: 0 | 1) => void
}

/**
 * Spec §4 "Use of balance": after the calculation, when there is balance to take off the order, the generic dialog
 * asks 'Rebater Oferta'. 'Manter em conta' is its default button (spec §2: it acts on a click outside), as 0 is the
 * default of usar_premio.
 */
export function RebaterOferta({ transacao, onEscolha }: RebaterOfertaProps) {
  return (
    <Dialog
      title="Rebater Oferta"
      message={mensagemSaldo(transacao)}
      buttons={[
        { label: 'Manter em conta', isDefault: true, secondary: true, action: () => onEscolha(0) },
        { label: 'Usar', action: () => onEscolha(1) },
      ]}
      onClose={() => {}}
    />
  )
}
