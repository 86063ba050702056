import { useLocation } from 'react-router'
import { telemovelNaFrase } from '../../../shared/format.ts'
import { useAgruparTelemovel } from '../../lib/telemovel.ts'
import type { NumeroEnviado } from './numero-enviado.ts'

/** The number the code went to, as a sentence says it (`912 345 678`), if the screen was opened from the form. */
export function useNumeroEnviado(): string | undefined {
  const state = useLocation().state as { enviadoPara?: Partial<NumeroEnviado> } | null
  const numero = state?.enviadoPara
  const known = typeof numero?.telemovel === 'string' && typeof numero.pais === 'string' ? numero : undefined
  const agrupar = useAgruparTelemovel(known?.pais)
  return known ? telemovelNaFrase(known.pais as string, known.telemovel as string, agrupar) : undefined
}
