import type { FastifyBaseLogger } from 'fastify'
import { secretsEqual } from '../../platform/crypto.ts'
import type { Database } from '../../platform/db.ts'
import { type ApplePasseSettings, passeApple } from './apple-passe.ts'
import type { Cartao } from './cartao.ts'
import { carteiraRepo, type Passe } from './repository.ts'

/** Lines of Apple's log endpoint kept per call, and their length: what a device says is read, never stored whole. */
const LOG_LINHAS = 20
const LOG_CARACTERES = 300
/** Lines logged per minute by one process, whoever sends them (the endpoint has no identity): the log stays readable. */
const LOG_POR_MINUTO = 100

export interface WebServiceDeps {
  db: Database
  log: Pick<FastifyBaseLogger, 'warn'>
  settings: ApplePasseSettings
  /** The pass's authentication token, opened. */
  tokenDe(passe: Passe): string
  cartaoDe(utilizadorId: number): Promise<Omit<Cartao, 'serie'> | undefined>
}

export type RespostaPasse = { status: 401 | 304 } | { status: 200; pkpass: Buffer; ultimaAlteracao: Date }

/**
 * Apple Wallet's web service (Apple's "Wallet Passes" web service reference, `/v1/...`): devices register for a pass's
 * updates with the pass's authentication token (`Authorization: ApplePass <token>`), ask which of their passes changed
 * since a tag, fetch the latest pass, unregister, and send their logs. A pass whose customer was erased no longer
 * exists here: its token opens nothing.
 */
export function createWebServiceApple({ db, log, settings, tokenDe, cartaoDe }: WebServiceDeps) {
  const repo = carteiraRepo(db)
  const registo = { minuto: 0, linhas: 0 }

  /** The pass, if `authorization` carries its token; otherwise nothing (401). */
  async function autenticado(passTypeId: string, serie: string, authorization: string | undefined) {
    if (passTypeId !== settings.passTypeId) return undefined
    const token = /^ApplePass (\S{16,200})$/.exec(authorization ?? '')?.[1]
    if (!token) return undefined
    const passe = await repo.passePorSerie(serie)
    if (!passe) return undefined
    let esperado: string
    try {
      esperado = tokenDe(passe)
    } catch {
      return undefined
    }
    return secretsEqual(token, esperado) ? passe : undefined
  }

  return {
    /** 201: registered; 200: already was (its push token renewed); 401: not this pass's token. */
    async registar(p: {
      dispositivo: string
      passTypeId: string
      serie: string
      authorization: string | undefined
      pushToken: string
      agora: string
    }): Promise<200 | 201 | 401> {
      const passe = await autenticado(p.passTypeId, p.serie, p.authorization)
      if (!passe) return 401
      const existente = await repo.dispositivo(p.dispositivo, passe.serie)
      if (existente) {
        await db
          .updateTable('carteira_dispositivos')
          .set({ push_token: p.pushToken })
          .where('id', '=', existente.id)
          .execute()
        return 200
      }
      const inserido = await db
        .insertInto('carteira_dispositivos')
        .values({ dispositivo: p.dispositivo, serie: passe.serie, push_token: p.pushToken, criado_em: p.agora })
        .onConflict((oc) => oc.columns(['dispositivo', 'serie']).doNothing())
        .executeTakeFirst()
      return (inserido.numInsertedOrUpdatedRows ?? 0n) > 0n ? 201 : 200
    },

    /** 200: unregistered (or was not); 401: not this pass's token. */
    async desregistar(p: {
      dispositivo: string
      passTypeId: string
      serie: string
      authorization: string | undefined
    }): Promise<200 | 401> {
      const passe = await autenticado(p.passTypeId, p.serie, p.authorization)
      if (!passe) return 401
      await db
        .deleteFrom('carteira_dispositivos')
        .where('dispositivo', '=', p.dispositivo)
        .where('serie', '=', passe.serie)
        .execute()
      return 200
    },

    /** The device's passes changed since the tag (all without one); null: none (204). */
    async series(dispositivo: string, passTypeId: string, desde: string | null, agora: Date) {
      if (passTypeId !== settings.passTypeId) return null
      const passes = await repo.seriesDoDispositivo(dispositivo, desde, agora)
      if (passes.length === 0) return null
      // ISO instants of one format sort as text: the newest is the last.
      const lastUpdated =
        passes
          .map((p) => p.atualizado_em)
          .sort()
          .at(-1) ?? ''
      return { serialNumbers: passes.map((p) => p.serie), lastUpdated }
    },

    /** The latest pass; 304 when it has not changed since `desde` (If-Modified-Since). */
    async passe(p: {
      passTypeId: string
      serie: string
      authorization: string | undefined
      desde: Date | null
    }): Promise<RespostaPasse> {
      const passe = await autenticado(p.passTypeId, p.serie, p.authorization)
      if (!passe) return { status: 401 }
      const ultimaAlteracao = new Date(passe.atualizado_em)
      if (p.desde !== null && ultimaAlteracao.getTime() <= p.desde.getTime()) return { status: 304 }
      const cartao = await cartaoDe(passe.utilizador_id)
      if (!cartao) return { status: 401 }
      const pkpass = await passeApple(settings, { ...cartao, serie: passe.serie }, tokenDe(passe))
      return { status: 200, pkpass, ultimaAlteracao }
    },

    /** What a device reports of its problems with the pass, logged for the operators (up to a rate). */
    registarLog(linhas: string[], agora: Date): void {
      const minuto = Math.floor(agora.getTime() / 60_000)
      if (minuto !== registo.minuto) Object.assign(registo, { minuto, linhas: 0 })
      const vez = linhas.slice(0, Math.min(LOG_LINHAS, LOG_POR_MINUTO - registo.linhas))
      registo.linhas += vez.length
      for (const linha of vez) log.warn({ apple: linha.slice(0, LOG_CARACTERES) }, 'Apple Wallet log')
    },
  }
}
