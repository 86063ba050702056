import type { Catalogo } from '../../../shared/catalogo.ts'
import { avisoEsgotados } from '../../../shared/catalogo-ecra.ts'

/**
 * The cart's lines whose product the store's catalogue marks sold out today, and the one sentence that says so: the
 * cart flags them before the checkout would refuse them (the server says the same sentence then).
 */
export function esgotadosDoCarrinho(
  linhas: readonly { id: string; nome: string }[],
  catalogo: Catalogo | undefined,
): { indices: Set<number>; aviso: string | null } {
  const esgotados = new Set(
    catalogo?.categorias.flatMap((c) => c.produtos.filter((p) => p.esgotado).map((p) => p.id)) ?? [],
  )
  const indices = new Set(linhas.flatMap((l, i) => (esgotados.has(l.id) ? [i] : [])))
  const nomes = linhas.filter((_, i) => indices.has(i)).map((l) => l.nome)
  return { indices, aviso: nomes.length > 0 ? avisoEsgotados(nomes) : null }
}
