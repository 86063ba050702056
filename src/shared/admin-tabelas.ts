import { z } from 'zod'

/**
 * The back-office's lists: sorted, filtered and paged on the server. A list's query names the columns it
 * may be sorted by; its answer is one page and the total, which the admin's table (web features/admin/Tabela.tsx)
 * shows with TanStack Table in manual mode.
 */

export const POR_PAGINA = 25
export const DIRECOES = ['asc', 'desc'] as const
export type Direcao = (typeof DIRECOES)[number]

/** The paging and sorting part of a list's query string; `colunas` are the sortable columns, the first the default. */
export function listagemQuery<const C extends readonly [string, ...string[]]>(colunas: C, direcao: Direcao = 'desc') {
  return z.object({
    pagina: z.coerce.number().int().min(1).max(100_000).default(1),
    ordenar: z.enum(colunas).default(colunas[0] as C[number]),
    direcao: z.enum(DIRECOES).default(direcao),
  })
}

/** One page of a list, as the routes answer it. */
export function paginaSchema<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number(), pagina: z.number(), por_pagina: z.number(), itens: z.array(item) })
}

export interface Pagina<T> {
  total: number
  pagina: number
  por_pagina: number
  itens: T[]
}

export interface Ordenacao<C extends string = string> {
  ordenar: C
  direcao: Direcao
}
