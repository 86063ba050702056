import type { KyselyPlugin } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { auditar } from '../features/admin/context.ts'
import type { RegistoCampanha } from '../features/conteudos/campanhas-gestao.ts'
import type { RegistoNovidade } from '../features/conteudos/novidades-gestao.ts'
import type { RegistoTexto } from '../features/conteudos/textos-gestao.ts'
import type { NotificacoesService } from '../features/notificacoes/service.ts'
import type { RegistoRestaurantes } from '../features/restaurantes/gestao.ts'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { manualClock } from './clock.ts'
import { type Database, type DatabaseHandle, insideTransaction, PoolInsideTransactionError } from './db.ts'
import type { saveImage } from './images.ts'

/** A generous cap, not a timing assertion: a query that has not settled by then is waiting on its own flow. */
const CAP_MS = 3_000

function settlesWithin<T>(promise: Promise<T>, ms = CAP_MS): Promise<{ value?: T; error?: unknown }> {
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ])
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

/**
 * The pool refused to a flow that holds a transaction (docs/decisions/0029): at once and by name, on both databases;
 * concurrent flows, and work the transaction left running after it, untouched.
 */
describe.each(testDialects())('the pool inside a transaction on %s', (dialect) => {
  let database: DatabaseHandle
  beforeEach(async () => {
    database = await createTestDatabase(dialect)
  })
  afterEach(() => database.close())

  const contar = async () =>
    Number(
      (
        await database.db
          .selectFrom('sms_outbox')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  const inserir = (ex: DatabaseHandle['db'], chave: string) =>
    ex.insertInto('sms_outbox').values({ para: chave, texto: 'guarda', criado_em: new Date().toISOString() }).execute()

  it('refuses a query on the pool at once, by name, and the transaction rolls back', async () => {
    const antes = await contar()
    const r = await settlesWithin(
      database.db.transaction().execute(async (trx) => {
        await inserir(trx, 'guarda.a')
        expect(insideTransaction()).toBe(true)
        await database.db.selectFrom('sms_outbox').selectAll().execute()
      }),
    )
    expect(r.error).toBeInstanceOf(PoolInsideTransactionError)
    expect(String((r.error as Error).message)).toMatch(/holds a transaction: pass the transaction \(trx\)/)
    expect(await contar()).toBe(antes)
    expect(insideTransaction()).toBe(false)
    // The connection was given back: the pool serves again.
    await inserir(database.db, 'guarda.b')
    expect(await contar()).toBe(antes + 1)
  })

  it('refuses a second transaction on the pool at once, as the audit of a failed sign-in once did', async () => {
    const r = await settlesWithin(
      database.db.transaction().execute(async () => {
        await database.db.transaction().execute((outra) => inserir(outra, 'guarda.c'))
      }),
    )
    expect(r.error).toBeInstanceOf(PoolInsideTransactionError)
    // Also through a builder with settings (the chaos suite's reads).
    const lida = await settlesWithin(
      database.db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(() => contar()),
    )
    expect(lida.error).toBeInstanceOf(PoolInsideTransactionError)
    expect(await contar()).toBeGreaterThanOrEqual(0)
  })

  it('marks the transactions of derived instances too (withPlugin, withTables, withoutPlugins; withSchema alike)', async () => {
    // A plugin that changes nothing: the instance it derives is still the pool, and so are its transactions.
    const semEfeito: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => args.result,
    }
    const naPool = async () => {
      expect(insideTransaction()).toBe(true)
      await database.db.selectFrom('sms_outbox').selectAll().execute()
    }
    const transacoes = [
      () => database.db.withPlugin(semEfeito).transaction().execute(naPool),
      () => database.db.withTables<{ temporaria: { x: number } }>().transaction().execute(naPool),
      () => database.db.withoutPlugins().transaction().execute(naPool),
      () =>
        database.db.withPlugin(semEfeito).withoutPlugins().transaction().setAccessMode('read write').execute(naPool),
    ]
    for (const transacao of transacoes) {
      expect((await settlesWithin(transacao())).error).toBeInstanceOf(PoolInsideTransactionError)
    }
  })

  it('refuses nothing to the queries on the transaction, nor to other flows running meanwhile', async () => {
    let fechar: () => void = () => {}
    const porta = new Promise<void>((resolve) => {
      fechar = resolve
    })
    let dentro: () => void = () => {}
    const aberta = new Promise<void>((resolve) => {
      dentro = resolve
    })
    // Started before the transaction, from this test's own flow: not inside it.
    const transacao = database.db.transaction().execute(async (trx) => {
      await inserir(trx, 'guarda.d')
      dentro()
      await porta
      await inserir(trx, 'guarda.e')
      return (await trx.selectFrom('sms_outbox').select('para').where('para', 'like', 'guarda.%').execute()).length
    })
    await aberta
    // Another request meanwhile: SQLite's one connection makes it wait for the commit, PostgreSQL runs it at once;
    // neither refuses it.
    const outro = inserir(database.db, 'guarda.f')
    await tick()
    fechar()
    // Its own two rows (PostgreSQL, read committed, may also see the other's).
    expect((await settlesWithin(transacao)).value).toBeGreaterThanOrEqual(2)
    expect(await settlesWithin(outro)).not.toHaveProperty('error')
    expect(await contar()).toBeGreaterThanOrEqual(3)
  })

  it('lets work the transaction started and left running use the pool once the transaction is over', async () => {
    let depois: Promise<unknown> = Promise.resolve()
    await database.db.transaction().execute(async (trx) => {
      await inserir(trx, 'guarda.g')
      // Not awaited: an event told after the commit, say, reading on its own.
      depois = (async () => {
        await tick()
        return contar()
      })()
    })
    expect(await settlesWithin(depois)).not.toHaveProperty('error')
  })
})

describe.each(testDialects())('writes that belong to their caller’s transaction, on %s', (dialect) => {
  it('take a transaction, and the pool does not compile', async () => {
    const database = await createTestDatabase(dialect)
    const clock = manualClock('2026-11-29T10:00:00.000Z')
    const ator = { id: null, email: null, ip: null }
    try {
      // Never called: the typecheck (tsc) reads these lines, and each `@ts-expect-error` fails it if the pool is taken.
      const naoCompila = (
        db: Database,
        notificacoes: Pick<NotificacoesService, 'escrever'>,
        registos: [RegistoTexto<unknown>, RegistoNovidade, RegistoCampanha, RegistoRestaurantes<unknown>],
        registarImagem: NonNullable<Parameters<typeof saveImage>[4]>,
      ) => {
        // @ts-expect-error the pool is no transaction
        void auditar(db, clock, ator, { acao: 'x', entidade: 'y' })
        // @ts-expect-error the pool is no transaction
        void notificacoes.escrever(db, { utilizadorId: null, titulo: 'x', texto: 'y' })
        // @ts-expect-error the pool is no transaction
        void registos[0](db, null, null)
        // @ts-expect-error the pool is no transaction
        void registos[1](db, null, null)
        // @ts-expect-error the pool is no transaction
        void registos[2](db, null, null)
        // @ts-expect-error the pool is no transaction
        void registos[3](db, null, null)
        // @ts-expect-error the pool is no transaction
        void registarImagem(db, { nome: 'x', tipo: 'image/png', largura: 1, altura: 1, nova: true })
      }
      expect(naoCompila).toBeTypeOf('function')
      // With one, the entry is written, and goes with its transaction.
      await database.db.transaction().execute((trx) => auditar(trx, clock, ator, { acao: 'guarda.sim', entidade: 'y' }))
      await database.db
        .transaction()
        .execute(async (trx) => {
          await auditar(trx, clock, ator, { acao: 'guarda.nao', entidade: 'y' })
          throw new Error('desfeita')
        })
        .catch(() => {})
      const escritas = await database.db.selectFrom('admin_auditoria').select('acao').execute()
      expect(escritas.map((e) => e.acao)).toEqual(['guarda.sim'])
    } finally {
      await database.close()
    }
  })
})
