import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { datasMensagens } from '../../../shared/datas.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { manualClock } from '../../platform/clock.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * Every date the back-office takes is a real calendar day within 2000-01-01…2100-12-31 (shared/datas.ts): a report of
 * 9999-12-31 once looped in the day arithmetic until the process ran out of memory. Each is refused with 400 and the
 * field named, and the server goes on answering.
 */
describe.each(testDialects())('dates the back-office takes, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  const clock = manualClock('2026-11-22T10:00:00.000Z')

  beforeEach(async () => {
    t = await createTestApp(dialect, {}, { clock })
    const { id } = await insertRestaurante(t.database.db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(t.database.db, { tag: 'chiado', restaurante_id: id, id_loja: 862, name: 'Chiado' })
    admin = await signedInAdmin(t, 'datas@exemplo.pt', 'admin', { clock })
  })
  afterEach(() => t.close())

  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${admin}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })
  const recusada = async (res: Awaited<ReturnType<typeof call>>, campo: string, mensagem: string) => {
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.fields?.[campo]).toBe(mensagem)
  }

  it('refuses a far-future report with 400 and goes on answering', async () => {
    const longe = await call('GET', '/relatorios?de=9999-12-31&ate=9999-12-31')
    await recusada(longe, 'de', datasMensagens.foraDoIntervalo)
    expect(longe.json().error.fields.ate).toBe(datasMensagens.foraDoIntervalo)
    await recusada(
      await call('GET', '/relatorios/csv/dias?de=1999-12-31&ate=2000-01-01'),
      'de',
      datasMensagens.foraDoIntervalo,
    )
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    // The range's last day is a report like any other.
    const ultimo = await call('GET', '/relatorios?de=2100-12-31&ate=2100-12-31')
    expect(ultimo.statusCode, ultimo.body).toBe(200)
    expect(ultimo.json().data.dias.map((d: { dia: string }) => d.dia)).toEqual(['2100-12-31'])
  })

  it('refuses an impossible or out-of-range day wherever the back-office takes one', async () => {
    await recusada(await call('GET', '/relatorios?de=2026-02-30&ate=2026-03-01'), 'de', mensagens.data)
    await recusada(await call('GET', '/opinioes?de=2026-02-30'), 'de', mensagens.data)
    await recusada(await call('GET', '/opinioes?ate=9999-12-31'), 'ate', datasMensagens.foraDoIntervalo)
    await recusada(await call('POST', '/lojas/862/encerramentos', { de: '2026-02-30' }), 'de', mensagens.data)
    await recusada(
      await call('POST', '/lojas/862/encerramentos', { de: '2026-12-24', ate: '9999-12-31' }),
      'ate',
      datasMensagens.foraDoIntervalo,
    )
    await recusada(
      await call('POST', '/lojas/862/pausa', { ate: '9999-12-31T00:00:00.000Z' }),
      'ate',
      datasMensagens.foraDoIntervalo,
    )
    const campanha = await call('POST', '/campanhas', {
      title: 'Natal',
      text: '<p>Bolo-rei</p>',
      tag: 'natal',
      termina_em: '9999-12-31T23:59:59.000Z',
    })
    await recusada(campanha, 'termina_em', datasMensagens.foraDoIntervalo)
    // A day within the range is taken as before.
    const encerramento = await call('POST', '/lojas/862/encerramentos', { de: '2026-12-25' })
    expect(encerramento.statusCode, encerramento.body).toBe(201)
  })
})
