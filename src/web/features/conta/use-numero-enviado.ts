import { useLocation } from 'react-router'
import { telemovelNaFrase } from '../../../shared/format.ts'
import { useAgruparTelemovel } from '../../lib/telemovel.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import type { NumeroEnviado } from './numero-enviado.ts'

/**
 * The number the code went to, as a sentence says it (`912 345 678`), if the screen was opened from the form. It lives
 * in the history entry, which the server never sees: a reload's server render, and the browser's hydration of it, say
 * 'o seu telemóvel', and the number follows in the next render.
 */
export function useNumeroEnviado(): string | undefined {
  const hydrated = useHydrated()
  const state = useLocation().state as { enviadoPara?: Partial<NumeroEnviado> } | null
  const numero = hydrated ? state?.enviadoPara : undefined
  const known = typeof numero?.telemovel === 'string' && typeof numero.pais === 'string' ? numero : undefined
  const agrupar = useAgruparTelemovel(known?.pais)
  return known ? telemovelNaFrase(known.pais as string, known.telemovel as string, agrupar) : undefined
}
