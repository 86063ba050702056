import type { Generated } from 'kysely'
import type { MetodoPagamento } from '../../shared/metodos-pagamento.ts'

/** The orders from the app and the fiscal documents the POS gives for them and for purchases at the till. */

/** An order from the app (migration 2026-11-24T0000-encomendas), amounts in cents. */
export interface EncomendasTable {
  id: Generated<number>
  /** Null: a guest's order (migration 2026-12-10T0000-convidados), named by `convidado_id`. */
  utilizador_id: number | null
  convidado_id: Generated<number | null>
  id_loja: number
  estado: number
  id_tipo_entrega: number
  nome: string
  email: string
  telemovel: string
  pais: string
  nif: string | null
  /** PedidoLinha[] (src/shared/pedido.ts) as JSON: what was priced, kept whatever the menu becomes. */
  linhas: string
  /** The cart as placed, by the menu's codes (JSON; migration 2026-12-06T0100-encomendas-carrinho); null before it. */
  carrinho: string | null
  total: number
  desconto: number
  /** The reward redeemed ('Usar prémio', decision 0051) and the cents it took off; null and 0 when none. */
  premio_id: Generated<number | null>
  desconto_premio: Generated<number>
  /** The promotions in force when it was placed, as they were (JSON; decision 0052); null before them. */
  promocoes: Generated<string | null>
  valor_pago: number
  pontos_ganhos: Generated<number>
  reserva_id: number | null
  compra_id: number | null
  pagamento_provider: string | null
  pagamento_id: string | null
  /** The method of its payment request (migration 2026-12-09T0000); null: nothing to pay. */
  pagamento_metodo: MetodoPagamento | null
  /** Card, Apple Pay, Google Pay: the provider's page it is paid on. */
  pagamento_url: string | null
  /** Multibanco: the entity and reference paid at an ATM or in a bank app. */
  mb_entidade: string | null
  mb_referencia: string | null
  pagamento_estado: 'a-pedir' | 'pendente' | 'pago' | 'recusado' | 'expirado' | 'sem-pagamento'
  expira_em: string | null
  /**
   * 'reembolsando': claimed by one process and sent to the provider, outcome not known yet (decision 0012); 'manual':
   * the provider cannot refund the method (a Multibanco payment), an operator does and marks it 'reembolsado'.
   */
  reembolso_estado: 'a-reembolsar' | 'reembolsando' | 'reembolsado' | 'manual' | null
  motivo: string | null
  chave_idempotencia: string
  pedido_hash: string
  criada_em: string
  paga_em: string | null
  atualizada_em: string
  /** When the payment reconciliation asks the provider about it next (migration 2026-11-25T0100); null: nothing to ask. */
  verificar_em: string | null
  /** Checks or refunds that settled nothing so far: the backoff's count. */
  tentativas: Generated<number>
  /**
   * 0/1 (migration 2026-11-25T0200): its create call got no answer it could read, so a request may exist that it does
   * not record; such an order may be matched by a callback's reference (decision 0012).
   */
  pagamento_incerto: Generated<number>
  /** A request id a callback named for it (by reference) while the provider could not be asked; asked again later. */
  pagamento_candidato: string | null
  /** Minutes promised while received (migration 2026-12-01T0100): its products' longest `tempo`, at least 15. */
  minutos: Generated<number>
  /** The pick-up time the customer chose (ISO UTC; migration 2026-12-01T0300); null: as soon as possible. */
  levantar_em: string | null
  /** The table of an order made from a table's QR code; null: none (no table ordering yet). */
  mesa: number | null
  /** The single-use packaging contribution charged (JSON `[{produto, qtd, valor}]`, cents with VAT; `[]`: none). */
  embalagens: Generated<string>
  /** 1: the customer brings their own container (no contribution; the kitchen is told). */
  recipiente_proprio: Generated<number>
  /** 1: a line is sold to adults only; staff check the customer's age at pick-up. */
  verificar_idade: Generated<number>
}

/**
 * A fiscal document owed or received (migration 2026-12-04T0300, docs/decisions/0038): one per sale (`origem`
 * 'encomenda' or 'compra', `origem_id`) and kind (`classe` 'venda' or 'credito'). Due since `devido_em` (null: never
 * recorded as due), received at `recebido_em` (null: not yet) with the POS's `tipo`, `numero`, `atcud`, `qr`.
 */
export interface DocumentosFiscaisTable {
  id: Generated<number>
  id_loja: number
  origem: 'encomenda' | 'compra'
  origem_id: number
  classe: 'venda' | 'credito'
  utilizador_id: number | null
  /** The order's code or the till purchase's POS reference, as the board lists what is missing. */
  referencia: string | null
  /** Cents paid (the sale) or given back (the credit note). */
  valor: Generated<number>
  devido_em: string | null
  tipo: 'FS' | 'FR' | 'FT' | 'NC' | null
  numero: string | null
  atcud: string | null
  qr: string | null
  emitido_em: string | null
  pdf_url: string | null
  /** SHA-256 of the document as first received: the same one again is the same answer, another is refused. */
  pedido_hash: string | null
  recebido_em: string | null
}

/**
 * A phone confirmed by an SMS code for one guest order (migration 2026-12-10T0000-convidados, decision 0050). The
 * device keeps its token, and the SMS's link carries it: either opens that order.
 */
export interface ConvidadosTable {
  id: Generated<number>
  telemovel: string
  pais: string
  telemovel_e164: string
  token_hash: string
  /** When its order was placed: a code confirms one order. */
  usado_em: string | null
  /** The account made with the same phone after paying, credited with that order's purchase (once). */
  utilizador_id: number | null
  creditado_em: string | null
  criado_em: string
  expira_em: string
}
