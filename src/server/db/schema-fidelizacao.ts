import type { Generated } from 'kysely'
import type { TipoPremio } from '../../shared/premios-textos.ts'
import type { AmbitoPromocao, EfeitoPromocao } from '../../shared/promocoes-textos.ts'

/** The loyalty ledger and what it reads: rules, rewards, promotions, opinions, the till's proofs of identification. */

/**
 * `reserva`: an order's balance held at checkout, until its payment arrives (`libertacao` gives it back then, in the
 * same transaction as the `compra` that takes it for good, or when the payment fails).
 */
export type TipoMovimento = 'compra' | 'devolucao' | 'reserva' | 'libertacao' | 'ajuste' | 'expiracao'

/** The loyalty ledger: one movement per purchase and per refund, append-only, balances before and after (cents). */
export interface TransacoesTable {
  id: Generated<number>
  utilizador_id: number
  sequencia: number
  tipo: TipoMovimento
  id_loja: number
  chave_id: number | null
  referencia: string | null
  compra_id: number | null
  subtotal: Generated<number>
  desconto: Generated<number>
  valor_pago: Generated<number>
  valor_devolvido: Generated<number>
  /** 0 when the account's registration was not complete: recorded, nothing earned. */
  ganha: Generated<number>
  saldo_anterior: number
  saldo_adicionado: number
  saldo_removido: number
  saldo_actual: number
  pontos_anterior: number
  pontos_ganhos: number
  pontos_convertidos: number
  pontos_actual: number
  itens_anterior: number
  itens_adicionados: number
  itens_redimidos: number
  itens_actual: number
  itens_revertidos: Generated<number>
  saldo_nao_recuperado: Generated<number>
  pontos_nao_recuperados: Generated<number>
  /** An adjustment's reason, as the staff member wrote it (shown to the customer); null on other movements. */
  motivo: string | null
  /** An adjustment's idempotency key (the back-office form's), unique; null on other movements. */
  chave_ajuste: string | null
  criado_em: string
  /** The rules the movement was made with (migration 2026-11-30T0500): credit in hundredths of a percent (500: 5 %). */
  taxa_credito: Generated<number>
  pontos_por_euro: Generated<number>
  patamar: Generated<number>
  /** A till purchase's NIF: the one the customer had chosen in the app when the till wrote it (null: none chosen). */
  nif: string | null
  /** That NIF's billing name. */
  nif_nome: string | null
  /** The reward a purchase redeemed (migration 2026-12-11T0000), as it was defined then; null when none or undefined. */
  premio_id: number | null
  premio_nome: string | null
  premio_tipo: TipoPremio | null
  /** The reward's value, cents (a `valor` reward's amount; 0 for a product). */
  premio_valor: Generated<number>
  /** Cents the rewards redeemed took off the bill. */
  desconto_premio: Generated<number>
}

/** A reward's definition (decision 0051): never changed, a newer one of the same `finalidade` replaces it. */
export interface PremiosTable {
  id: Generated<number>
  /** `pontos`: every threshold of points earns it; `aniversario`: the birthday reward (decision 0053). */
  finalidade: 'pontos' | 'aniversario'
  nome: string
  tipo: TipoPremio
  valor: Generated<number>
  cod_produto: string | null
  imagem: string | null
  /** The birthday reward's: days after the birthday it can still be used. */
  validade_dias: Generated<number>
  /** 0: a definition that switches the birthday reward off from then. */
  ativo: Generated<number>
  criado_em: string
}

/** A customer's birthday reward of one year (decision 0053): given once, used by one purchase. */
export interface PremiosAniversarioTable {
  id: Generated<number>
  utilizador_id: number
  ano: number
  premio_id: number
  /** Lisbon days, `YYYY-MM-DD`, inclusive. */
  valido_de: string
  valido_ate: string
  /** The purchase that used it; null while unused (a full refund of that purchase gives it back). */
  transacao_id: number | null
  usado_em: string | null
  criado_em: string
}

/** A promotion that applies itself (decision 0052, migration 2026-12-12T0000-promocoes). */
export interface PromocoesTable {
  id: Generated<number>
  nome: string
  efeito: EfeitoPromocao
  multiplicador: Generated<number>
  pontos: Generated<number>
  cod_produto: string | null
  gasto_minimo: Generated<number>
  /** Hundredths of a percent, as `fidelizacao_regras.taxa_credito`. */
  credito_percent: Generated<number>
  inicio: string
  fim: string
  /** ISO weekdays as digits: `67` Saturday and Sunday. */
  dias_semana: string
  hora_inicio: string | null
  hora_fim: string | null
  ambito: AmbitoPromocao
  id_restaurante: number | null
  id_loja: number | null
  ativa: Generated<0 | 1>
  criado_em: string
  alterado_em: string
}

/** What a purchase earned under each promotion in force (its name as it was then). */
export interface TransacoesPromocoesTable {
  transacao_id: number
  promocao_id: number
  nome: string
  pontos: Generated<number>
  credito: Generated<number>
}

/** The loyalty rules set in the back-office (one row, id 1); none: the environment's (migration 2026-11-30T0500). */
export interface FidelizacaoRegrasTable {
  id: number
  /** Hundredths of a percent: 500 is 5 %. */
  taxa_credito: number
  pontos_por_euro: number
  patamar: number
  /** Months after the month they were earned that credit and points last; 0: they never expire (decision 0058). */
  validade_meses: Generated<number>
  /** When the expiry was last switched on or shortened: the customers are told before anything expires. */
  validade_desde: string | null
  alterado_em: string
}

export interface OpinioesTable {
  id: Generated<number>
  utilizador_id: number
  transacao_id: number | null
  id_loja: number
  rating1: number | null
  rating2: number | null
  rating3: number | null
  comentario: string
  criado_em: string
}

/** A store's proof that it identified a customer just now (STORE-API.md `identificacao`): one purchase, 15 minutes. */
export interface IdentificacoesTable {
  id: Generated<number>
  token_hash: string
  id_loja: number
  chave_id: number
  utilizador_id: number
  criado_em: string
  expira_em: string
  usada_em: string | null
  transacao_id: number | null
}

/** A stamp card of a product family (decision 0057): every `por_oferta`th of its products is offered. */
export interface CartoesCarimbosTable {
  id: Generated<number>
  nome: string
  /** The POS codes that stamp it, one per line. */
  codigos: string
  por_oferta: number
  ativo: Generated<0 | 1>
  criado_em: string
  alterado_em: string
}

/** One card's stamps and offers changed by one ledger movement (a purchase or its refund), before and after. */
export interface CarimbosMovimentosTable {
  id: Generated<number>
  utilizador_id: number
  cartao_id: number
  transacao_id: number
  /** A refund's purchase; null on a purchase. */
  compra_id: number | null
  por_oferta: number
  carimbos_anterior: number
  carimbos_ganhos: number
  carimbos_convertidos: number
  carimbos_actual: number
  /** A refund: the stamps it set out to take back (some may have been gone). */
  carimbos_retirados: Generated<number>
  ofertas_anterior: number
  ofertas_ganhas: number
  ofertas_usadas: number
  ofertas_actual: number
  criado_em: string
}
