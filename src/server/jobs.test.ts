import { Writable } from 'node:stream'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { DAY } from './platform/clock.ts'
import { IDEMPOTENCY_TTL_DAYS } from './platform/idempotency.ts'
import { createTestApp, type TestApp, testDialects } from './testing/harness.ts'

/** The hourly housekeeping: each step runs on its own, so one that fails is logged and the others still run. */
describe.each(testDialects())('housekeeping on %s', (dialect) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('one step failing leaves the later steps running, logs the failure and tells the caller', {
    timeout: 60_000,
  }, async () => {
    const linhas: string[] = []
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        linhas.push(...String(chunk).split('\n').filter(Boolean))
        done()
      },
    })
    t = await createTestApp(dialect, { LOG_LEVEL: 'error' }, { logStream })
    const { db } = t.database
    const antiga = new Date(Date.now() - (IDEMPOTENCY_TTL_DAYS + 1) * DAY).toISOString()
    await db
      .insertInto('idempotencia')
      .values({ chave_id: 1, chave: 'velha', pedido_hash: 'h', estado: 200, resposta: '{}', criado_em: antiga })
      .execute()
    // The rate limits' purge fails: its table is not there.
    await sql`alter table limites rename to limites_fora`.execute(db)

    await expect(t.app.housekeeping()).rejects.toThrow('housekeeping: rate limits purge failed')
    // The idempotency purge comes after it, and ran.
    expect(await db.selectFrom('idempotencia').select('chave').where('chave', '=', 'velha').execute()).toEqual([])
    const falhas = linhas.map((l) => JSON.parse(l) as { msg: string; passo?: string })
    expect(falhas.filter((l) => l.msg === 'housekeeping step failed: rate limits purge')).toHaveLength(1)
    expect(falhas.every((l) => l.passo === 'rate limits purge')).toBe(true)

    await sql`alter table limites_fora rename to limites`.execute(db)
    await expect(t.app.housekeeping()).resolves.toBeUndefined()
  })
})
