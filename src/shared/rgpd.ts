import { z } from 'zod'
import { depoisDoTexto, mensagens, obrigatorio } from './validacao.ts'

/**
 * The customer's GDPR rights (spec §2 "GDPR hub", §4 account cancellation, §5, §7, §8): the forms, the answers and the
 * texts of the screens, shared by the server and the app so that neither drifts from the other.
 *
 * Calls (customer door, a signed-in session; a provisional account is asked to complete its data first):
 * - `POST /rgpd/comunicacao` `{comunicacao}` → user data (spec §7);
 * - `POST /rgpd/esquecimento` and `POST /rgpd/portabilidade` `{email}` → no data: the same answer whatever the address,
 *   and an e-mail with a single-use link (24 hours) only when it is the account's own;
 * - `GET /api/rgpd/pedidos/:token` → the request a link names (`PedidoRgpd`), while it can still be used;
 * - `POST /api/rgpd/esquecimento/:token` and `POST /api/conta/cancelar` `{confirmar: true}` → the private data of a
 *   visitor: the account is anonymised and every session of it ended;
 * - `POST /api/rgpd/portabilidade/:token` `{confirmar: true}` → the customer's data as a JSON attachment
 *   (`FicheiroPortabilidade`, not the usual envelope);
 * - `GET /api/conta/cancelar` → what cancelling would lose (`ResumoCancelamento`).
 */

export const RgpdComunicacaoSchema = z.object({
  comunicacao: z.boolean({ error: mensagens.valorInvalido }),
})
export type RgpdComunicacaoInput = z.input<typeof RgpdComunicacaoSchema>

/** Spec §5: required and valid, 'Email inválido'. */
export const RgpdEmailSchema = z.object({
  email: obrigatorio(254).email({ error: mensagens.email, ...depoisDoTexto }),
})
export type RgpdEmailInput = z.input<typeof RgpdEmailSchema>

export const TIPOS_PEDIDO_RGPD = ['esquecimento', 'portabilidade'] as const
export type TipoPedidoRgpd = (typeof TIPOS_PEDIDO_RGPD)[number]

/**
 * The body of the calls that act (erasure, cancellation, the download): the explicit confirmation the screen sends
 * after 'Confirmar' or 'Transferir', so that a body of any other shape is refused like every form's.
 */
export const RgpdConfirmarSchema = z.object({
  confirmar: z.literal(true, {
    error: (issue) => (issue.input === undefined ? mensagens.obrigatorio : mensagens.valorInvalido),
  }),
})

/**
 * The portability file (GDPR Art. 20), as the server answers it: the allow-list of its parts (each feature's part is
 * its own `direitos.exportar…`).
 */
const Linhas = z.array(z.record(z.string(), z.unknown()))
export const FicheiroPortabilidadeSchema = z.object({
  formato: z.literal('balcao-portabilidade/1'),
  geradoEm: z.string(),
  notas: z.record(z.string(), z.string()),
  perfil: z.record(z.string(), z.unknown()).nullable(),
  consentimentos: Linhas,
  /** Balances, and the stamp cards held (decision 0057). */
  fidelizacao: z.object({ saldo: z.number(), pontos: z.number(), itens: z.number(), carimbos: Linhas }),
  transacoes: Linhas,
  opinioes: Linhas,
  encomendas: Linhas,
  notificacoes: Linhas,
  dispositivos: Linhas,
})
export type FicheiroPortabilidade = z.infer<typeof FicheiroPortabilidadeSchema>

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

export { RGPD_LINK_HORAS, rgpdMensagens } from './rgpd-textos.ts'
