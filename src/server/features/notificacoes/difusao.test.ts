import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Dialect } from '../../platform/db.ts'
import { insertContas } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { PUSH_LIMITES } from './push.ts'

/**
 * A notification for everyone, to a few thousand devices: queued without one transaction over all of them (on SQLite
 * that would be the write lock held, and every other write of the app waiting, for the whole fan-out), each device
 * once, and resumed without loss or duplicates after a stop midway.
 */

const DISPOSITIVOS = 3000
const ISO = '2026-11-20T10:00:00.000Z'

/** The database refuses sends to the devices after `depois` (as a full disk or a dropped connection would). */
async function refuse(t: TestApp, dialect: Dialect, depois: number) {
  const db = t.database.db
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger falha before insert on push_envios when new.subscricao_id > ${depois} begin select raise(abort, 'falha simulada'); end`,
      )
      .execute(db)
    return
  }
  await sql
    .raw(
      `create or replace function falha() returns trigger language plpgsql as $$ begin raise exception 'falha simulada'; end $$`,
    )
    .execute(db)
  await sql
    .raw(
      `create trigger falha before insert on push_envios for each row when (new.subscricao_id > ${depois}) execute function falha()`,
    )
    .execute(db)
}

async function allow(t: TestApp, dialect: Dialect) {
  await sql
    .raw(dialect === 'sqlite' ? 'drop trigger falha' : 'drop trigger falha on push_envios')
    .execute(t.database.db)
}

describe.each(testDialects())('a notification for everyone, to thousands of devices, on %s', (dialect) => {
  let t: TestApp
  /** The devices of good sessions, in id order; and a few of a session that was ended, which get nothing. */
  let dispositivos: number[]

  beforeEach(async () => {
    t = await createTestApp(dialect, { PUSH_ENDPOINTS_LOCAIS: 'true' })
    const db = t.database.db
    const [ana, rui] = (await insertContas(db, ['912345678', '913333333'], '135790')) as [number, number]
    const sessao = async (utilizador_id: number, revogada_em: string | null) =>
      (
        await db
          .insertInto('sessoes')
          .values({
            token_hash: `h-${utilizador_id}`,
            utilizador_id,
            criado_em: ISO,
            expira_em: '2999-01-01',
            revogada_em,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const viva = await sessao(ana, null)
    const terminada = await sessao(rui, ISO)
    const subscrever = async (sessao_id: number, utilizador_id: number, de: number, n: number) => {
      const ids: number[] = []
      for (let i = de; i < de + n; i += 500) {
        const rows = await db
          .insertInto('push_subscricoes')
          .values(
            Array.from({ length: Math.min(500, de + n - i) }, (_, k) => ({
              utilizador_id,
              sessao_id,
              endpoint: `https://127.0.0.1:9/push/${i + k}`,
              p256dh: 'p256dh',
              auth: 'auth',
              criada_em: ISO,
            })),
          )
          .returning('id')
          .execute()
        ids.push(...rows.map((r) => r.id))
      }
      return ids
    }
    dispositivos = await subscrever(viva, ana, 0, DISPOSITIVOS / 2)
    await subscrever(terminada, rui, DISPOSITIVOS / 2, 20)
    dispositivos.push(...(await subscrever(viva, ana, DISPOSITIVOS / 2 + 20, DISPOSITIVOS / 2)))
  })
  afterEach(() => t.close())

  const contar = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('push_envios')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  /** The devices with a send, each with how many. */
  const enviosPorDispositivo = async () =>
    (
      await t.database.db
        .selectFrom('push_envios')
        .select(['subscricao_id', (eb) => eb.fn.countAll().as('n')])
        .groupBy('subscricao_id')
        .orderBy('subscricao_id')
        .execute()
    ).map((r) => [r.subscricao_id, Number(r.n)])
  const cadaUmaVez = () => dispositivos.map((id) => [id, 1])
  const enviar = () => t.app.notificacoes.enviar({ utilizadorId: null, titulo: 'Natal', texto: '<p>Bolo-rei</p>' })

  it('is queued in batches while the app’s other writes go on, one send per device', async () => {
    let acabou = false
    const envio = enviar().finally(() => {
      acabou = true
    })
    // What a request would write meanwhile; then how much of the fan-out had been committed when it was done. One
    // transaction over every device, and each write would wait for all of it (SQLite) or see none or all (PostgreSQL).
    const vistos: number[] = []
    while (!acabou) {
      // Each write arrives as a request does, in a turn of the event loop of its own (on SQLite the queries are
      // synchronous underneath: a loop of them that never let the loop turn would starve the fan-out between batches).
      await new Promise((r) => setImmediate(r))
      await t.database.db
        .insertInto('sms_outbox')
        .values({ para: '+351900000000', texto: 'x', criado_em: ISO })
        .execute()
      vistos.push(await contar())
    }
    expect(await envio).toEqual(expect.any(Number))
    expect(
      vistos.filter((n) => n > 0 && n < DISPOSITIVOS),
      String(vistos),
    ).not.toEqual([])
    expect(vistos.every((n) => n % PUSH_LIMITES.loteDifusao === 0)).toBe(true)
    expect(await enviosPorDispositivo()).toEqual(cadaUmaVez())
    expect(await t.database.db.selectFrom('push_difusoes').selectAll().execute()).toEqual([])
  })

  it('stopped midway, is resumed where it stopped; queued again, adds nothing', async () => {
    const lote = PUSH_LIMITES.loteDifusao
    await refuse(t, dialect, dispositivos[3 * lote + 10] as number)
    const id = await enviar()
    if (id === null) throw new Error('not written')
    await allow(t, dialect)
    // The batches before the failure are kept, and the fan-out says where it stopped.
    expect(await contar()).toBe(3 * lote)
    expect(await t.database.db.selectFrom('push_difusoes').select('enfileiradas_ate').execute()).toEqual([
      { enfileiradas_ate: dispositivos[3 * lote - 1] },
    ])
    // The outbox's next round resumes it.
    expect(await t.app.push.difundir()).toBe(DISPOSITIVOS - 3 * lote)
    expect(await enviosPorDispositivo()).toEqual(cadaUmaVez())
    // The same fan-out once more (a process that did not see the first end): nothing new.
    await t.app.push.enfileirar(t.database.db, id, null)
    expect(await t.database.db.selectFrom('push_difusoes').select('notificacao_id').execute()).toEqual([
      { notificacao_id: id },
    ])
    expect(await t.app.push.difundir()).toBe(0)
    expect(await enviosPorDispositivo()).toEqual(cadaUmaVez())
  })
})
