import { z } from 'zod'
import { mensagens, obrigatorio } from './validacao.ts'

/**
 * The customer's GDPR rights (spec §2 "GDPR hub", §4 account cancellation, §5, §7, §8): the forms, the answers and the
 * texts of the screens, shared by the server and the app so that neither drifts from the other.
 *
 * Calls (customer door, a signed-in session; a provisional account is asked to complete its data first):
 * - `POST /rgpd/comunicacao` `{comunicacao}` → user data (spec §7);
 * - `POST /rgpd/esquecimento` and `POST /rgpd/portabilidade` `{email}` → no data: the same answer whatever the address,
 *   and an e-mail with a single-use link (24 hours) only when it is the account's own;
 * - `GET /api/rgpd/pedidos/:token` → the request a link names (`PedidoRgpd`), while it can still be used;
 * - `POST /api/rgpd/esquecimento/:token` and `POST /api/conta/cancelar` → the private data of a visitor: the account is
 *   anonymised and every session of it ended;
 * - `POST /api/rgpd/portabilidade/:token` → the customer's data as a JSON attachment (not the usual envelope);
 * - `GET /api/conta/cancelar` → what cancelling would lose (`ResumoCancelamento`).
 */

export const RgpdComunicacaoSchema = z.object({
  comunicacao: z.boolean({ error: mensagens.valorInvalido }),
})
export type RgpdComunicacaoInput = z.input<typeof RgpdComunicacaoSchema>

/** Spec §5: required and valid, 'Email inválido'. */
export const RgpdEmailSchema = z.object({
  email: obrigatorio(254).pipe(z.email(mensagens.email)),
})
export type RgpdEmailInput = z.input<typeof RgpdEmailSchema>

export const TIPOS_PEDIDO_RGPD = ['esquecimento', 'portabilidade'] as const
export type TipoPedidoRgpd = (typeof TIPOS_PEDIDO_RGPD)[number]

export const RgpdTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{40,64}$/, 'Pedido inválido') })

/** What erasing the account loses, shown before 'Confirmar'. Money in cents. */
export const ResumoCancelamentoSchema = z.object({
  saldo: z.number().int(),
  pontos: z.number().int(),
  /** An order being paid or prepared: the account cannot end before it does. */
  pedidoEmCurso: z.boolean(),
})
export type ResumoCancelamento = z.infer<typeof ResumoCancelamentoSchema>

export const PedidoRgpdSchema = z.object({
  tipo: z.enum(TIPOS_PEDIDO_RGPD),
  /** ISO-8601 UTC. */
  expiraEm: z.string(),
  /** Only for an erasure request. */
  resumo: ResumoCancelamentoSchema.nullable(),
})
export type PedidoRgpd = z.infer<typeof PedidoRgpdSchema>

/** A link is valid this long after it was asked for. */
export const RGPD_LINK_HORAS = 24

export const rgpdMensagens = {
  /** Spec §8. */
  comunicacaoAtualizada: 'Formulário submetido com sucesso. A opção escolhida foi atualizada',
  /** Spec §8: the same answer whether or not the address is the account's. */
  instrucoesEnviadas: 'As instruções para proceder com o pedido foram enviadas para o seu email',
  linkInvalido: 'Este link expirou ou já foi usado. Faça um novo pedido em Conta › Gerir RGPD.',
  outraConta: 'Este link pertence a outra conta. Termine sessão e entre com a conta que fez o pedido.',
  pedidoEmCurso: 'Tem um pedido em curso. Poderá eliminar a conta quando o pedido estiver concluído.',
  contaEliminada: 'A sua conta foi eliminada.',
}
