/** `a`, `a e b`, `a, b e c`: a pt-PT list, as a sentence names what it gives back, is missing or is refused. */
export function enumerar(partes: readonly string[]): string {
  if (partes.length <= 1) return partes.join('')
  return `${partes.slice(0, -1).join(', ')} e ${partes.at(-1)}`
}
