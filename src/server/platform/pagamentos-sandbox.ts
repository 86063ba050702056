import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import type { Selectable } from 'kysely'
import { API_VERSION } from '../../shared/api.ts'
import { TIME_ZONE } from '../../shared/format.ts'
import { fimDoDiaNoFuso } from '../../shared/fusos.ts'
import { METODOS_PAGAMENTO, type MetodoPagamento } from '../../shared/metodos-pagamento.ts'
import type { PagamentosSandboxTable } from '../db/schema-platform.ts'
import { type Clock, isoNow } from './clock.ts'
import { sha256 } from './crypto.ts'
import type { Database } from './db.ts'
import {
  type CallbackLido,
  type EstadoPagamento,
  PAGINA_EXPIRY_SECONDS,
  PagamentoRecusado,
  type PaymentProvider,
} from './pagamentos.ts'

export interface SandboxSettings {
  db: Database
  clock: Clock
  expirySeconds: number
  /** What the sandbox's callbacks carry as ifthenpay's carry its anti-phishing key. */
  callbackKey: string
}

/**
 * The sandbox's page for a card, Apple Pay or Google Pay request, as the provider's page: on the app's own host
 * (relative), so that it opens wherever the app is reached from.
 */
export const paginaSandbox = (id: string) =>
  `/api/dev/pagamentos/${encodeURIComponent(id)}/pagina?v=${encodeURIComponent(API_VERSION)}`

/** The sandbox's Multibanco entity: five digits, as a real one, but none a bank knows. */
export const ENTIDADE_SANDBOX = '99999'

/** Where a page request's customer returns to, by outcome. */
export interface RegressoSandbox {
  sucesso: string
  erro: string
  cancelado: string
}

export interface PagamentoSandbox {
  id: string
  metodo: MetodoPagamento
  referencia: string
  telemovel: string
  valor: number
  estado: EstadoPagamento
  reembolsado: number
  /** Multibanco: what the customer pays at the ATM. */
  entidade: string | null
  mbReferencia: string | null
  expiraEm: string
  regresso: RegressoSandbox | null
}

/**
 * The `sandbox` provider (STORE-API.md "Payments"): behaves like the real service for every method, a request pending
 * until the customer pays or refuses, then expiring: an MB WAY request after `MBWAY_EXPIRY_SECONDS`, a Multibanco
 * reference at the end of the day it is valid to, a card, Apple Pay or Google Pay page after PAGINA_EXPIRY_SECONDS. Its
 * requests live in the database (every process sees them; a restart loses none). "The phone", "the ATM" and "the
 * provider's page" are `/api/dev/pagamentos/{id}/aprovar|recusar` (and the page at `/api/dev/pagamentos/{id}/pagina`),
 * whose outcome reaches the orders through the same callback handling a real provider's does.
 */
export function createSandboxProvider({ db, clock, expirySeconds, callbackKey }: SandboxSettings) {
  const estadoDe = (row: { estado: 'pendente' | 'pago' | 'recusado'; expira_em: string }): EstadoPagamento =>
    row.estado === 'pendente' && clock.now().toISOString() >= row.expira_em ? 'expirado' : row.estado
  const chaveHash = sha256(callbackKey)
  const paraLista = (r: Selectable<PagamentosSandboxTable>): PagamentoSandbox => ({
    id: r.id,
    metodo: r.metodo,
    referencia: r.referencia,
    telemovel: r.telemovel,
    valor: r.valor,
    estado: estadoDe(r),
    reembolsado: r.reembolsado,
    entidade: r.entidade,
    mbReferencia: r.mb_referencia,
    expiraEm: r.expira_em,
    regresso: r.url_regresso ? (JSON.parse(r.url_regresso) as RegressoSandbox) : null,
  })

  const provider: PaymentProvider & {
    listar(): Promise<PagamentoSandbox[]>
    ler(id: string): Promise<PagamentoSandbox | null>
    /** The phone's answer; false when the request is not pending any more (answered, expired, unknown). */
    responder(id: string, resposta: 'pago' | 'recusado'): Promise<PagamentoSandbox | null>
    /** The callback a real provider would send for this request (only for a paid one, as ifthenpay does). */
    callbackDe(p: PagamentoSandbox): Record<string, string>
  } = {
    nome: 'sandbox',
    metodos: METODOS_PAGAMENTO,

    async criar(pedido) {
      const id = randomUUID()
      const agora = clock.now()
      const { metodo } = pedido
      if (metodo !== 'multibanco' && metodo !== 'mbway' && !pedido.regresso) {
        throw new PagamentoRecusado('a page request needs its return addresses')
      }
      let expira: string
      if (metodo === 'multibanco') {
        // Payable until the end of its last day in Lisbon, as a real reference.
        const dia = pedido.validaAte ?? agora.toISOString().slice(0, 10)
        expira = fimDoDiaNoFuso(dia, TIME_ZONE).toISOString()
      } else {
        const segundos = metodo === 'mbway' ? expirySeconds : PAGINA_EXPIRY_SECONDS
        expira = new Date(agora.getTime() + segundos * 1000).toISOString()
      }
      const mbReferencia = metodo === 'multibanco' ? String(randomInt(100_000_000, 1_000_000_000)) : null
      await db
        .insertInto('pagamentos_sandbox')
        .values({
          id,
          metodo,
          referencia: pedido.referencia,
          telemovel: metodo === 'mbway' ? pedido.telemovel : '',
          pais: pedido.pais,
          valor: pedido.valor,
          estado: 'pendente',
          criado_em: agora.toISOString(),
          expira_em: expira,
          entidade: mbReferencia ? ENTIDADE_SANDBOX : null,
          mb_referencia: mbReferencia,
          url_regresso: pedido.regresso ? JSON.stringify(pedido.regresso) : null,
        })
        .execute()
      if (metodo === 'multibanco' && mbReferencia) {
        return { id, multibanco: { entidade: ENTIDADE_SANDBOX, referencia: mbReferencia, expiraEm: expira } }
      }
      if (metodo !== 'mbway') return { id, url: paginaSandbox(id) }
      return { id }
    },

    async estado(id, metodo) {
      const row = await db
        .selectFrom('pagamentos_sandbox')
        .select(['estado', 'expira_em'])
        .where('id', '=', id)
        .where('metodo', '=', metodo)
        .executeTakeFirst()
      // The real service answers an unknown request as refused, not as an error to retry for ever.
      return row ? estadoDe(row) : 'recusado'
    },

    lerCallback(params): CallbackLido | null {
      const { chave, id, referencia, valor, metodo = 'mbway' } = params
      if (!(METODOS_PAGAMENTO as readonly unknown[]).includes(metodo)) return null
      if (typeof chave !== 'string' || typeof id !== 'string' || typeof referencia !== 'string') return null
      if (!timingSafeEqual(Buffer.from(sha256(chave)), Buffer.from(chaveHash))) return null
      const cents = Number(valor)
      if (!Number.isSafeInteger(cents) || cents <= 0) return null
      return { metodo: metodo as MetodoPagamento, id, referencia, valor: cents }
    },

    async reembolsar({ id, valor, metodo }) {
      if (!Number.isSafeInteger(valor) || valor <= 0) return 'erro'
      // One guarded update: two refunds at once cannot both pass the check and give back more than was paid.
      const result = await db
        .updateTable('pagamentos_sandbox')
        .set((eb) => ({ reembolsado: eb('reembolsado', '+', valor) }))
        .where('id', '=', id)
        .where('metodo', '=', metodo)
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
      return rows.map(paraLista)
    },

    async ler(id) {
      const row = await db.selectFrom('pagamentos_sandbox').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? paraLista(row) : null
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
      return provider.ler(id)
    },

    callbackDe(p) {
      return { chave: callbackKey, metodo: p.metodo, id: p.id, referencia: p.referencia, valor: String(p.valor) }
    },
  }
  return provider
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>
