import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { notify } from '../../commands/notify.ts'
import { MINUTE, manualClock } from '../../platform/clock.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from '../admin/routes.ts'
import { signedInAdmin } from '../admin/testing.ts'
import { DADOS, type ManualClock } from './testing.ts'

/**
 * One consent to communications (docs/decisions/0031-um-consentimento.md): the personal data's box
 * (`comunicacoes`) and the GDPR screen's (`comunicacao`) show and change the same value; sign-up records it; each
 * change is in the consent history with where and when it was made; and marketing (the composer, `npm run notify`)
 * reaches exactly the customers it says consent.
 */
describe.each(testDialects())('one consent to communications, on %s', (dialect) => {
  let t: TestApp
  let clock: ManualClock
  let admin: string

  beforeEach(async () => {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, { LOG_LEVEL: 'silent' }, { clock })
    admin = await signedInAdmin(t, 'admin-consentimento@exemplo.pt', 'admin', { clock })
  })
  afterEach(() => t.close())

  /** Sign-up through the SMS code, then the registration's personal data with the box as given. */
  async function registar(telemovel: string, comunicacoes: boolean) {
    const d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel, pais: '351', termos: true })).json().data
    const confirm = await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, `+351${telemovel}`) })
    expect(confirm.statusCode, confirm.body).toBe(200)
    const dados = await d.call('POST', '/alterar-dados-pessoais', {
      ...DADOS,
      comunicacoes,
      password: '135790',
      confirmacaoPassword: '135790',
    })
    expect(dados.statusCode, dados.body).toBe(200)
    return d
  }
  const userData = async (d: ReturnType<typeof device>) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data.user.data as {
      id: number
      comunicacao: boolean
      comunicacoes: boolean
    }
  /** How many the composer's message to everyone would reach now. */
  const audienciaDoComposer = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/notificacoes/previsualizar',
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${admin}` },
      payload: {
        publico: 'todos',
        restaurante_id: null,
        pais: '351',
        telemovel: '',
        titulo: 'Semana do pastel',
        texto: 'Pastéis a 1 €.',
        quando: 'agora',
        agendar_para: '',
      },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.destinatarios as number
  }
  /** Whether `npm run notify` sends a marketing message to the phone (it refuses one who does not consent). */
  const notifyChega = (telemovel: string) =>
    notify(['--telemovel', telemovel, '--titulo', 'Promo', '--texto', 'Pastéis a 1 €.'], t.database).then(
      () => true,
      (e: Error) => {
        expect(e.message).toContain('não aceitou receber comunicações')
        return false
      },
    )
  const historia = (utilizadorId: number) =>
    t.database.db
      .selectFrom('consentimentos')
      .select(['valor', 'origem', 'registado_em'])
      .where('utilizador_id', '=', utilizadorId)
      .where('tipo', '=', 'comunicacao')
      .orderBy('id')
      .execute()

  it('sign-up records the answer, given or not, with where and when', async () => {
    const ana = await userData(await registar('912000001', false))
    const rui = await userData(await registar('912000002', true))
    expect([ana.comunicacao, ana.comunicacoes, rui.comunicacao, rui.comunicacoes]).toEqual([false, false, true, true])
    expect(await historia(ana.id)).toEqual([{ valor: 0, origem: 'registo', registado_em: '2026-11-22T10:00:00.000Z' }])
    expect(await historia(rui.id)).toEqual([{ valor: 1, origem: 'registo', registado_em: '2026-11-22T10:00:00.000Z' }])
    expect(await audienciaDoComposer()).toBe(1)
    expect(await notifyChega('912000001')).toBe(false)
    expect(await notifyChega('912000002')).toBe(true)
  })

  it('given in the personal data, the GDPR screen shows it and marketing reaches the customer; withdrawn there, the personal data show it and marketing stops', async () => {
    const d = await registar('912000001', false)
    const { id } = await userData(d)
    expect(await audienciaDoComposer()).toBe(0)

    clock.advance(MINUTE)
    const { aceitacao: _, ...dados } = DADOS
    const dar = await d.call('POST', '/alterar-dados-pessoais', { ...dados, comunicacoes: true })
    expect(dar.statusCode, dar.body).toBe(200)
    expect(await userData(d)).toMatchObject({ comunicacao: true, comunicacoes: true })
    expect(await audienciaDoComposer()).toBe(1)
    expect(await notifyChega('912000001')).toBe(true)

    clock.advance(MINUTE)
    const retirar = await d.call('POST', '/rgpd/comunicacao', { comunicacao: false })
    expect(retirar.statusCode, retirar.body).toBe(200)
    expect(await userData(d)).toMatchObject({ comunicacao: false, comunicacoes: false })
    expect(await audienciaDoComposer()).toBe(0)
    expect(await notifyChega('912000001')).toBe(false)

    // Saving the personal data without the box (an older app) leaves the consent as it is.
    clock.advance(MINUTE)
    await d.call('POST', '/rgpd/comunicacao', { comunicacao: true })
    const { comunicacoes: __, ...semCaixa } = dados
    expect((await d.call('POST', '/alterar-dados-pessoais', semCaixa)).statusCode).toBe(200)
    expect(await userData(d)).toMatchObject({ comunicacao: true, comunicacoes: true })

    expect(await historia(id)).toEqual([
      { valor: 0, origem: 'registo', registado_em: '2026-11-22T10:00:00.000Z' },
      { valor: 1, origem: 'dados-pessoais', registado_em: '2026-11-22T10:01:00.000Z' },
      { valor: 0, origem: 'rgpd', registado_em: '2026-11-22T10:02:00.000Z' },
      { valor: 1, origem: 'rgpd', registado_em: '2026-11-22T10:03:00.000Z' },
    ])
  })
})
