import { z } from 'zod'
import { isImageFileName } from './imagens.ts'

/**
 * The back-office's image uploads: JPEG, PNG or WebP only, recognised by their bytes (not their name or
 * declared type), at most `IMAGEM_MAX_BYTES` and `IMAGEM_MAX_PIXELS`. The body of `POST /admin/api/imagens` is the
 * file itself (`application/octet-stream`); the answer is the stored source's URL, which content then points at.
 */

export const IMAGEM_MAX_BYTES = 5 * 1024 * 1024
export const IMAGEM_MAX_PIXELS = 40_000_000
export const IMAGEM_TIPOS = ['image/jpeg', 'image/png', 'image/webp'] as const

export const imagensMensagens = {
  vazia: 'Escolha uma imagem.',
  tipo: 'Formato não suportado: escolha uma imagem JPEG, PNG ou WebP.',
  grande: `A imagem ocupa mais de ${IMAGEM_MAX_BYTES / 1024 / 1024} MB. Escolha uma imagem mais pequena.`,
  pixeis: `A imagem tem mais de ${IMAGEM_MAX_PIXELS / 1_000_000} megapíxeis. Reduza-a antes de a carregar.`,
  ilegivel: 'Não foi possível ler esta imagem. Escolha outro ficheiro.',
  naoExiste: 'Esta imagem já não existe. Carregue-a de novo.',
} as const

export const ImagemCarregadaSchema = z.object({ url: z.string(), largura: z.number(), altura: z.number() })
export type ImagemCarregada = z.infer<typeof ImagemCarregadaSchema>

/** A field holding an uploaded (or seeded) image's URL: `/imagens/<name>` of a stored source, or null for none. */
export const imagemUrl = z
  .string({ error: imagensMensagens.naoExiste })
  .refine(
    (url) => url.startsWith('/imagens/') && isImageFileName(url.slice('/imagens/'.length)),
    imagensMensagens.naoExiste,
  )
  .nullable()
  .default(null)
