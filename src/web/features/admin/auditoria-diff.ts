/** One field of an audited change: what it was and what it became ('—' where it had none). */
export interface CampoAlterado {
  campo: string
  antes: string
  depois: string
}

const NADA = '—'

function objeto(json: string | null): Record<string, unknown> | null {
  if (json === null) return null
  try {
    const valor: unknown = JSON.parse(json)
    return valor !== null && typeof valor === 'object' && !Array.isArray(valor)
      ? (valor as Record<string, unknown>)
      : { valor }
  } catch {
    return { valor: json }
  }
}

function texto(valor: unknown): string {
  if (valor === undefined || valor === null || valor === '') return NADA
  if (typeof valor === 'boolean') return valor ? 'sim' : 'não'
  if (typeof valor === 'string') return valor
  return JSON.stringify(valor)
}

/**
 * The audit log's change as a reader wants it: field by field, before → after. An edit shows only the fields it
 * changed; a creation every field it set, a deletion every field it took away.
 */
export function diffAuditoria(antes: string | null, depois: string | null): CampoAlterado[] {
  const a = objeto(antes)
  const d = objeto(depois)
  const campos = [...new Set([...Object.keys(a ?? {}), ...Object.keys(d ?? {})])]
  return campos.flatMap((campo) => {
    const de = texto(a?.[campo])
    const para = texto(d?.[campo])
    // Unchanged, or empty on both sides (a creation's unset field): nothing to read.
    return de === para && ((a !== null && d !== null) || de === NADA) ? [] : [{ campo, antes: de, depois: para }]
  })
}
