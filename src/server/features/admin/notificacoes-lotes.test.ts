import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Dialect } from '../../platform/db.ts'
import { insertContas } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * The composer's message to everyone, to a couple of hundred customers who consent: written in short batches from a
 * resumable mark (as the fan-out to the devices is), never one transaction over all of them that would hold SQLite's
 * write lock, and every other write of the app, for the whole of it; each customer once; resumed by the job after a
 * stop midway. The batch is made small (the app's option) so that there are several without thousands of customers.
 */

const CLIENTES = 200
const LOTE = 20
const ISO = '2026-11-20T10:00:00.000Z'

/** The database refuses notifications for customers after `depois` (as a full disk or a dropped connection would). */
async function refuse(t: TestApp, dialect: Dialect, depois: number) {
  const db = t.database.db
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger falha before insert on notificacoes when new.utilizador_id > ${depois} begin select raise(abort, 'falha simulada'); end`,
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
      `create trigger falha before insert on notificacoes for each row when (new.utilizador_id > ${depois}) execute function falha()`,
    )
    .execute(db)
}

async function allow(t: TestApp, dialect: Dialect) {
  await sql
    .raw(dialect === 'sqlite' ? 'drop trigger falha' : 'drop trigger falha on notificacoes')
    .execute(t.database.db)
}

describe.each(testDialects())('the composer’s message to everyone, in batches, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let clientes: number[]

  beforeEach(async () => {
    t = await createTestApp(dialect, { LOG_LEVEL: 'silent' }, { loteCampanha: LOTE })
    const telefones = Array.from({ length: CLIENTES }, (_, i) => `91${String(i).padStart(7, '0')}`)
    clientes = await insertContas(t.database.db, telefones, '135790')
    await t.database.db.updateTable('utilizadores').set({ comunicacao: 1 }).execute()
    admin = await signedInAdmin(t, 'admin-lotes@exemplo.pt', 'admin')
  })
  afterEach(() => t.close())

  const enviar = () =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/notificacoes',
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${admin}` },
      payload: {
        publico: 'todos',
        restaurante_id: null,
        pais: '351',
        telemovel: '',
        titulo: 'Semana do pastel',
        texto: 'Todos os pastéis a 1 €.',
        quando: 'agora',
        agendar_para: '',
      },
    })
  const contar = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('notificacoes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  /** The customers with the message, each with how many. */
  const porCliente = async () =>
    (
      await t.database.db
        .selectFrom('notificacoes')
        .select(['utilizador_id', (eb) => eb.fn.countAll().as('n')])
        .groupBy('utilizador_id')
        .orderBy('utilizador_id')
        .execute()
    ).map((r) => [r.utilizador_id, Number(r.n)])
  const destinatarios = async () =>
    (await t.database.db.selectFrom('admin_notificacoes').select('destinatarios').executeTakeFirstOrThrow())
      .destinatarios

  it('is written in batches while the app’s other writes go on, each customer once; a consent withdrawn meanwhile is honoured', async () => {
    const ultimo = clientes.at(-1) as number
    let acabou = false
    const envio = enviar().finally(() => {
      acabou = true
    })
    // What requests write meanwhile (a consent withdrawn among them), then how much of the message had been committed
    // when each was done. One transaction over every customer, and each write would wait for all of it (SQLite) or
    // see none or all of it (PostgreSQL).
    const vistos: number[] = []
    let retirado = false
    while (!acabou) {
      // Each write arrives as a request does, in a turn of the event loop of its own (on SQLite the queries are
      // synchronous underneath: a loop of them that never let the loop turn would starve the composer's request).
      await new Promise((r) => setImmediate(r))
      await t.database.db
        .insertInto('sms_outbox')
        .values({ para: '+351900000000', texto: 'x', criado_em: ISO })
        .execute()
      const n = await contar()
      vistos.push(n)
      if (n > 0 && !retirado) {
        await t.database.db.updateTable('utilizadores').set({ comunicacao: 0 }).where('id', '=', ultimo).execute()
        retirado = true
      }
    }
    const res = await envio
    expect(res.statusCode, res.body).toBe(200)
    expect(
      vistos.filter((n) => n > 0 && n < CLIENTES - 1),
      String(vistos),
    ).not.toEqual([])
    // Only whole batches were ever seen (the last one short of the customer who withdrew).
    expect(
      vistos.every((n) => n % LOTE === 0 || n === CLIENTES - 1),
      String(vistos),
    ).toBe(true)
    // Everyone once, but the customer who withdrew before their batch.
    expect(await porCliente()).toEqual(clientes.slice(0, -1).map((id) => [id, 1]))
    expect(await destinatarios()).toBe(CLIENTES - 1)
    expect(await t.database.db.selectFrom('campanhas_escrita').selectAll().execute()).toEqual([])
  })

  it('stopped midway, is resumed by the job where it stopped; each customer once', async () => {
    await refuse(t, dialect, clientes[3 * LOTE + 10] as number)
    expect((await enviar()).statusCode).toBe(500)
    await allow(t, dialect)
    // The batches before the failure are kept, and the message's writing says where it stopped.
    expect(await contar()).toBe(3 * LOTE)
    expect(await destinatarios()).toBe(3 * LOTE)
    expect(await t.database.db.selectFrom('campanhas_escrita').select('escritas_ate').execute()).toEqual([
      { escritas_ate: clientes[3 * LOTE - 1] },
    ])
    // The job's next rounds, two at once (two processes), resume it: nobody twice.
    await Promise.all([t.app.despacharNotificacoes(), t.app.despacharNotificacoes()])
    expect(await porCliente()).toEqual(clientes.map((id) => [id, 1]))
    expect(await destinatarios()).toBe(CLIENTES)
    expect(await t.database.db.selectFrom('campanhas_escrita').selectAll().execute()).toEqual([])
    expect(await t.app.despacharNotificacoes()).toBe(0)
    expect(await contar()).toBe(CLIENTES)
  })
})
