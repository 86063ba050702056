import { randomUUID, timingSafeEqual } from 'node:crypto'
import { type Clock, isoNow } from './clock.ts'
import { sha256 } from './crypto.ts'
import type { Database } from './db.ts'
import type { CallbackLido, EstadoPagamento, PaymentProvider } from './pagamentos.ts'

export interface SandboxSettings {
  db: Database
  clock: Clock
  expirySeconds: number
  /** What the sandbox's callbacks carry as ifthenpay's carry its anti-phishing key. */
  callbackKey: string
}

export interface PagamentoSandbox {
  id: string
  referencia: string
  telemovel: string
  valor: number
  estado: EstadoPagamento
  reembolsado: number
}

/**
 * The `sandbox` provider (STORE-API.md "Payments"): behaves like the real service, a request pending until the
 * customer answers on the phone, expiring after `MBWAY_EXPIRY_SECONDS`. Its requests live in the database (every
 * process sees them; a restart loses none), and "the phone" is `/api/dev/pagamentos/{id}/aprovar|recusar`, whose
 * outcome reaches the orders through the same callback handling a real provider's does.
 */
export function createSandboxProvider({ db, clock, expirySeconds, callbackKey }: SandboxSettings) {
  const estadoDe = (row: { estado: 'pendente' | 'pago' | 'recusado'; expira_em: string }): EstadoPagamento =>
    row.estado === 'pendente' && clock.now().toISOString() >= row.expira_em ? 'expirado' : row.estado
  const chaveHash = sha256(callbackKey)

  const provider: PaymentProvider & {
    listar(): Promise<PagamentoSandbox[]>
    /** The phone's answer; false when the request is not pending any more (answered, expired, unknown). */
    responder(id: string, resposta: 'pago' | 'recusado'): Promise<PagamentoSandbox | null>
    /** The callback a real provider would send for this request (only for a paid one, as ifthenpay does). */
    callbackDe(p: PagamentoSandbox): Record<string, string>
  } = {
    nome: 'sandbox',

    async criar(pedido) {
      const id = randomUUID()
      const agora = clock.now()
      await db
        .insertInto('pagamentos_sandbox')
        .values({
          id,
          referencia: pedido.referencia,
          telemovel: pedido.telemovel,
          pais: pedido.pais,
          valor: pedido.valor,
          estado: 'pendente',
          criado_em: agora.toISOString(),
          expira_em: new Date(agora.getTime() + expirySeconds * 1000).toISOString(),
        })
        .execute()
      return { id }
    },

    async estado(id) {
      const row = await db
        .selectFrom('pagamentos_sandbox')
        .select(['estado', 'expira_em'])
        .where('id', '=', id)
        .executeTakeFirst()
      // The real service answers an unknown request as refused, not as an error to retry for ever.
      return row ? estadoDe(row) : 'recusado'
    },

    lerCallback(params): CallbackLido | null {
      const { chave, id, referencia, valor } = params
      if (typeof chave !== 'string' || typeof id !== 'string' || typeof referencia !== 'string') return null
      if (!timingSafeEqual(Buffer.from(sha256(chave)), Buffer.from(chaveHash))) return null
      const cents = Number(valor)
      if (!Number.isSafeInteger(cents) || cents <= 0) return null
      return { id, referencia, valor: cents }
    },

    async reembolsar({ id, valor }) {
      if (!Number.isSafeInteger(valor) || valor <= 0) return 'erro'
      // One guarded update: two refunds at once cannot both pass the check and give back more than was paid.
      const result = await db
        .updateTable('pagamentos_sandbox')
        .set((eb) => ({ reembolsado: eb('reembolsado', '+', valor) }))
        .where('id', '=', id)
        .where('estado', '=', 'pago')
        .where((eb) => eb(eb('reembolsado', '+', valor), '<=', eb.ref('valor')))
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1 ? 'ok' : 'erro'
    },

    async listar() {
      const rows = await db
        .selectFrom('pagamentos_sandbox')
        .selectAll()
        .orderBy('criado_em', 'desc')
        .limit(100)
        .execute()
      return rows.map((r) => ({
        id: r.id,
        referencia: r.referencia,
        telemovel: r.telemovel,
        valor: r.valor,
        estado: estadoDe(r),
        reembolsado: r.reembolsado,
      }))
    },

    async responder(id, resposta) {
      // Only a pending request that has not expired can be answered: the phone's answer after the 4 minutes is lost.
      const result = await db
        .updateTable('pagamentos_sandbox')
        .set({ estado: resposta })
        .where('id', '=', id)
        .where('estado', '=', 'pendente')
        .where('expira_em', '>', isoNow(clock))
        .executeTakeFirst()
      if (Number(result.numUpdatedRows) === 0) return null
      return (await provider.listar()).find((p) => p.id === id) ?? null
    },

    callbackDe(p) {
      return { chave: callbackKey, id: p.id, referencia: p.referencia, valor: String(p.valor) }
    },
  }
  return provider
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>
