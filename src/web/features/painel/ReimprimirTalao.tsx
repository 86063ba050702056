import { ESTADO } from '../../../shared/estado-pedido.ts'
import { impressoraTextos } from '../../../shared/impressora.ts'
import { useImpressora, useReimprimir } from './use-impressora.ts'

interface ReimprimirTalaoProps {
  /** The order; its state where the caller knows it (a card), to offer nothing for a cancelled one. */
  encomenda: { id: number; codigo: string; estado?: number }
  /** The id of what names the order (its card's title), for the button's description. */
  descritoPor?: string
  onErro: (error: unknown) => void
}

/**
 * 'Reimprimir' (decision 0043): the order's kitchen ticket printed again, marked as a reprint. Nothing where the store
 * has no printer, nor for a cancelled order (the kitchen must not make it; the server refuses it too). While it is on
 * its way the button waits; once queued, it is said (a status) for screen readers.
 */
export function ReimprimirTalao({ encomenda, descritoPor, onErro }: ReimprimirTalaoProps) {
  const impressora = useImpressora()
  const reimprimir = useReimprimir()
  if (!impressora.data?.configurada || encomenda.estado === ESTADO.cancelado) return null
  return (
    <>
      <button
        type="button"
        className="button button-secondary painel-encomenda-reimprimir"
        aria-describedby={descritoPor}
        aria-disabled={reimprimir.isPending}
        onClick={() => {
          if (!reimprimir.isPending) reimprimir.mutate(encomenda.id, { onError: onErro })
        }}
      >
        {reimprimir.isPending ? impressoraTextos.aReimprimir : impressoraTextos.reimprimir}
      </button>
      <span role="status" className="visually-hidden">
        {reimprimir.isSuccess ? impressoraTextos.reimpresso(encomenda.codigo) : ''}
      </span>
    </>
  )
}
