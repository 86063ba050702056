import { z } from 'zod'
import { listagemQuery, paginaSchema } from './admin-tabelas.ts'
import { INT_MAX, mensagens, obrigatorio } from './validacao.ts'

/**
 * The store keys in the back-office ('Chaves de loja'): the keys of the Store API and of the stores' tablets
 * (STORE-API.md). A key is shown once, when created; only its hash is kept. The command line (`npm run store:key`)
 * makes and revokes them too, by the same label.
 */

export const chavesMensagens = {
  etiqueta: 'Use apenas letras sem acentos, algarismos, pontos, hífenes e sublinhados (ex.: caixa-1)',
  etiquetaExistente: 'Já existe uma chave com esta etiqueta (as etiquetas não se repetem, nem depois de revogadas)',
  naoExiste: 'Esta chave não existe.',
  revogada: 'Esta chave já foi revogada.',
  lojaNaoExiste: 'Esta loja não existe.',
} as const

/** A label names one key for good (the command line revokes by it): no spaces, so it is typed as is in a shell. */
const etiqueta = obrigatorio(60).pipe(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, chavesMensagens.etiqueta))

export const CriarChaveSchema = z.strictObject({
  id_loja: z.number({ error: mensagens.obrigatorio }).int().positive(mensagens.obrigatorio).max(INT_MAX),
  etiqueta,
})
export type CriarChaveInput = z.input<typeof CriarChaveSchema>

export const EtiquetaChaveSchema = z.strictObject({ etiqueta })
export type EtiquetaChaveInput = z.input<typeof EtiquetaChaveSchema>

export const ChavesQuerySchema = listagemQuery(['criado_em', 'etiqueta', 'id_loja', 'ultimo_uso_em']).extend({
  id_loja: z.coerce.number().int().positive().max(INT_MAX).optional(),
})

/** A key as the staff see it: its store, dates and state; never the key nor its hash. */
export const ChaveStaffSchema = z.object({
  id: z.number(),
  id_loja: z.number(),
  loja: z.string(),
  etiqueta: z.string(),
  criado_em: z.string(),
  ultimo_uso_em: z.string().nullable(),
  revogada_em: z.string().nullable(),
})
export type ChaveStaff = z.infer<typeof ChaveStaffSchema>

export const ChavesPaginaSchema = paginaSchema(ChaveStaffSchema)

/** The answer to a creation: the key in clear, this one time. */
export const ChaveCriadaSchema = z.object({ registo: ChaveStaffSchema, chave: z.string() })
export type ChaveCriada = z.infer<typeof ChaveCriadaSchema>
