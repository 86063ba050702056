import { z } from 'zod'
import { OFERTAS_POR_COMPRA_MAX } from './carimbos-textos.ts'
import { INT_MAX, mensagens, obrigatorio } from './validacao.ts'

/**
 * Stamp cards (decision 0057): a card per product family, set in the back-office ('Cartões de carimbos'); every Nth of
 * its products is offered. The till and the app's orders stamp it; the till gives the offers. Their words are in
 * carimbos-textos.ts.
 */

export const CARTAO_NOME_MAX = 60
/** The most POS codes a card lists, and the longest code (as the purchases' `cod_produto`). */
export const CODIGOS_MAX = 100
export const CODIGO_MAX = 40
export const POR_OFERTA_MIN = 2
export const POR_OFERTA_MAX = 50
/**
 * The most units of one card a purchase stamps: a store key alone may credit a customer by id (a POS catching up),
 * and stamps count units, not money, so without the customer identified at the counter a bill stamps few; with them,
 * a large order's.
 */
export const CARIMBOS_POR_COMPRA = { semIdentificacao: 10, identificado: 100 } as const

export const carimbosMensagens = {
  naoExiste: 'Este cartão de carimbos não existe.',
  codigos: 'Indique pelo menos um código de produto do POS, um por linha.',
  codigo: 'Um código de produto não pode ter vírgulas nem pontos e vírgulas: escreva um por linha.',
  ativo: 'Diga se o cartão está ativo.',
  codigosDemasiados: `No máximo ${CODIGOS_MAX} códigos, cada um com até ${CODIGO_MAX} caracteres.`,
  porOferta: `Indique de quantos em quantos é oferecido um, de ${POR_OFERTA_MIN} a ${POR_OFERTA_MAX}.`,
  ofertasInsuficientes: 'O cliente não tem ofertas suficientes neste cartão de carimbos.',
  cartaoDesconhecido: 'Cartão de carimbos desconhecido.',
} as const

/** The codes as the back-office types them: one per line (or separated by commas), without repeats. */
export function lerCodigos(texto: string): string[] {
  return [
    ...new Set(
      texto
        .split(/[\n,;]/)
        .map((c) => c.trim())
        .filter(Boolean),
    ),
  ]
}

/** `/admin/api/carimbos`: a card as the back-office writes it. */
export const CartaoCarimbosInputSchema = z.strictObject({
  nome: obrigatorio(CARTAO_NOME_MAX),
  codigos: z
    .array(
      z
        .string()
        .trim()
        .min(1, carimbosMensagens.codigos)
        .max(CODIGO_MAX, carimbosMensagens.codigosDemasiados)
        // Stored one per line and read back by `lerCodigos`, which also splits at commas and semicolons.
        .regex(/^[^,;\n\r]+$/, carimbosMensagens.codigo),
      { error: carimbosMensagens.codigos },
    )
    .min(1, carimbosMensagens.codigos)
    .max(CODIGOS_MAX, carimbosMensagens.codigosDemasiados)
    .transform((c) => [...new Set(c)]),
  por_oferta: z
    .number({ error: carimbosMensagens.porOferta })
    .int(carimbosMensagens.porOferta)
    .min(POR_OFERTA_MIN, carimbosMensagens.porOferta)
    .max(POR_OFERTA_MAX, carimbosMensagens.porOferta),
  // Said every time: an edit that left it out must not switch an ended card back on.
  ativo: z.boolean({ error: carimbosMensagens.ativo }),
})
export type CartaoCarimbosInput = z.input<typeof CartaoCarimbosInputSchema>
export type CartaoCarimbosDados = z.output<typeof CartaoCarimbosInputSchema>

/** A card as the back-office lists it. */
export const CartaoCarimbosSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  codigos: z.array(z.string()),
  por_oferta: z.number().int(),
  ativo: z.boolean(),
  alterado_em: z.string(),
})
export type CartaoCarimbos = z.infer<typeof CartaoCarimbosSchema>

/** A customer's card, as the app and the till show it: the stamps towards the next offer, and the offers held. */
export const CarimbosClienteSchema = z.object({
  cartao_id: z.number().int(),
  nome: z.string(),
  /** Stamps held now, 0 … por_oferta − 2. */
  carimbos: z.number().int(),
  /** Every Nth is offered: `por_oferta − 1` stamps make an offer. */
  por_oferta: z.number().int(),
  /** Offers held, to use at the till. */
  ofertas: z.number().int(),
})
export type CarimbosCliente = z.infer<typeof CarimbosClienteSchema>

/** What a purchase or a refund did to one card (STORE-API.md): the stamps and offers it moved, and the card after. */
export const CarimbosMovimentoSchema = z.object({
  cartao_id: z.number().int(),
  nome: z.string(),
  carimbos_ganhos: z.number().int(),
  ofertas_ganhas: z.number().int(),
  ofertas_usadas: z.number().int(),
  carimbos: z.number().int(),
  ofertas: z.number().int(),
})
export type CarimbosMovimento = z.infer<typeof CarimbosMovimentoSchema>

/** A purchase's use of a card's offers (`ofertas_carimbos`): the products given, counted on the bill's `produtos`. */
export const OfertaCarimbosSchema = z.strictObject({
  cartao_id: z.number({ error: mensagens.valorInvalido }).int(mensagens.valorInvalido).positive().max(INT_MAX),
  quantidade: z
    .number({ error: mensagens.valorInvalido })
    .int(mensagens.valorInvalido)
    .min(1)
    .max(OFERTAS_POR_COMPRA_MAX),
})
export type OfertaCarimbos = z.infer<typeof OfertaCarimbosSchema>
