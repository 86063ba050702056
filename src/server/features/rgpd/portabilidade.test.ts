import { describe, expect, it } from 'vitest'
import { TERMOS_TAG } from '../../../shared/constants.ts'
import { DAY, HOUR } from '../../platform/clock.ts'
import { device, testDialects } from '../../testing/harness.ts'
import { linhasDaConta, montarPessoa, PESSOA, procurarTracos, setupRgpd, tokenDoEmail } from './testing.ts'

/**
 * the portability file (GDPR Art. 20) holds everything the app keeps about the customer and no secret; the
 * retention job (spec §9) removes what an ended registration still holds a year after it ended, and not before.
 */
describe.each(testDialects())('the portability file and the retention job, on %s', (dialect) => {
  const cena = setupRgpd(dialect)

  it('downloads a dated JSON attachment with the profile, consents, transactions, orders, opinions, notifications and devices', async () => {
    const { t } = cena
    // The terms' text exists (the privacy policy's does not): a consent names the version of the text it was given to.
    await t.database.db
      .insertInto('informacao_legal')
      .values({ tag: TERMOS_TAG, title: 'Termos e condições', title_detail: 'Termos', text: '<p>Os termos.</p>' })
      .execute()
    const p = await montarPessoa(cena)
    const token = await tokenDoEmail(t, PESSOA.email, 'portabilidade')
    const res = await p.d.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment; filename="balcao-dados-2026-11-22.json"')
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['cache-control']).toBe('no-store')
    const ficheiro = res.json()
    expect(ficheiro).toMatchObject({ formato: 'balcao-portabilidade/1', geradoEm: '2026-11-22T10:00:00.000Z' })
    expect(ficheiro.perfil).toMatchObject({
      telemovel: PESSOA.telemovel,
      nome: PESSOA.nome,
      email: PESSOA.email,
      nif1: PESSOA.nif1,
      nif2: PESSOA.nif2,
      nomeFaturacao2: 'Bettencourt & Quintela',
      dataNascimento: '1984-02-29',
      codigoPostal: '9500-150',
      comunicacoes: true,
      comunicacao: true,
    })
    const consentimentos = ficheiro.consentimentos as {
      tipo: string
      versao: string
      dado: boolean
      em: string
      origem: string
    }[]
    expect(consentimentos.map((c) => [c.tipo, c.origem])).toEqual([
      ['termos', 'registo'],
      ['termos', 'registo'],
      ['privacidade', 'registo'],
      ['comunicacao', 'registo'],
    ])
    for (const c of consentimentos) {
      expect(c.dado).toBe(true)
      expect(c.em).toBe('2026-11-22T10:00:00.000Z')
    }
    expect(consentimentos.filter((c) => c.tipo === 'termos').map((c) => c.versao)).toEqual([
      expect.stringMatching(/^sha256:[0-9a-f]{12}$/),
      expect.stringMatching(/^sha256:[0-9a-f]{12}$/),
    ])
    expect(consentimentos.find((c) => c.tipo === 'privacidade')?.versao).toBe('sem-texto')

    // Two purchases at the till and the order's, with the store's name.
    const transacoes = ficheiro.transacoes as Record<string, unknown>[]
    expect(transacoes).toHaveLength(3)
    expect(transacoes).toContainEqual(
      expect.objectContaining({ id: p.transacao, movimento: 'compra', loja: 'Chiado', valor_pago: 4000 }),
    )
    const { saldo, pontos } = (await cena.privado(p.d)).user.data
    expect(ficheiro.fidelizacao).toMatchObject({ saldo, pontos })
    expect(ficheiro.encomendas).toHaveLength(1)
    expect(ficheiro.encomendas[0]).toMatchObject({
      orderId: p.encomenda,
      total: 260,
      linhas: [expect.objectContaining({ produto: 'Pastel de nata', qtd: 2 })],
      checkout: { nome: PESSOA.nome, email: PESSOA.email.toUpperCase(), telemovel: PESSOA.telemovel, nif: PESSOA.nif1 },
      pagamento: { metodo: 'MB WAY', estado: 'pago' },
    })
    expect(ficheiro.opinioes).toEqual([
      expect.objectContaining({ transacao: p.transacao, atendimento: 5, simpatia: 4, qualidade: 3 }),
    ])
    expect(ficheiro.opinioes[0].comentario).toContain('Zacarias Bettencourt')
    expect(ficheiro.notificacoes.map((n: { titulo: string }) => n.titulo)).toContain('Feliz aniversário, Zacarias')
    // The devices by their push service only: never the keys, nor the endpoint (a bearer capability).
    expect(ficheiro.dispositivos).toEqual([
      { id: expect.any(Number), servico: 'fcm.googleapis.com', subscritoEm: expect.any(String) },
    ])
    const endpointPath = new URL(p.push.endpoint).pathname
    for (const segredo of [p.push.keys.p256dh, p.push.keys.auth, endpointPath, p.qr, p.codigo]) {
      expect(res.body, segredo).not.toContain(segredo)
    }
    // No secret by name either: passwords, the security code, the QR token.
    const chaves = (v: unknown): string[] =>
      v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...chaves(x)]) : []
    expect(chaves(ficheiro).filter((k) => /password|hash|cifrad|qr|p256dh|auth|endpoint/i.test(k))).toEqual([])
    expect((await p.d.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })).statusCode).toBe(410)
  })

  it('a provisional account made at the till lapses after 30 days, and is anonymised a year after that, not before', async () => {
    const { t, clock, loja } = cena
    const telemovel = '934444444'
    const criada = await loja('POST', '/clientes', { telemovel, pais: '351' })
    expect(criada.statusCode, criada.body).toBe(201)
    const id = criada.json().data.cliente.id as number
    expect(
      (await loja('POST', '/compras', { cliente_id: id, total: 1200, saldo_a_usar: 0, referencia: 'FT P' })).statusCode,
    ).toBe(201)
    expect((await loja('POST', '/clientes/identificar', { telemovel, pais: '351' })).statusCode).toBe(200)
    // The customer signs in with the password the SMS gave, and lets the app send pushes.
    const sms = await t.database.db
      .selectFrom('sms_outbox')
      .select('texto')
      .where('para', '=', `+351${telemovel}`)
      .executeTakeFirstOrThrow()
    const senha = sms.texto.match(/password (\d{6})/)?.[1]
    const d = device(t)
    expect((await d.call('POST', '/login', { telemovel, pais: '351', password: senha })).statusCode).toBe(200)
    await cena.subscrever(d)
    const tracos = [telemovel, `+351${telemovel}`]
    expect((await procurarTracos(t.database, tracos)).length).toBeGreaterThan(0)

    // Reminders at 23 and 29 days; still a customer on day 29.
    clock.advance(23 * DAY)
    await t.app.housekeeping()
    clock.advance(6 * DAY)
    await t.app.housekeeping()
    expect(await estado(id)).toMatchObject({ eliminado: 0, terminado_em: null, anonimizado_em: null })
    clock.advance(DAY + HOUR)
    await t.app.housekeeping()
    const lapsed = await estado(id)
    expect(lapsed).toMatchObject({ eliminado: 1, telemovel: '', anonimizado_em: null })
    expect(lapsed.terminado_em).toBe(clock.now().toISOString())
    expect(await procurarTracos(t.database, tracos)).toEqual([])
    // What it still holds, until the retention job: its devices, its notifications (the reminders), its sessions, and
    // the fiscal document its till purchase owes (docs/decisions/0038).
    const retido = await linhasDaConta(t.database, id)
    expect(Object.keys(retido).sort()).toEqual([
      'documentos_fiscais',
      'notificacoes',
      'push_subscricoes',
      'sessoes',
      'transacoes',
    ])

    clock.advance(365 * DAY - HOUR)
    expect(await t.app.reter()).toEqual({ anonimizadas: 0 })
    expect((await estado(id)).anonimizado_em).toBeNull()
    expect(await linhasDaConta(t.database, id)).toMatchObject({ push_subscricoes: 1 })

    clock.advance(2 * HOUR)
    expect(await t.app.reter()).toEqual({ anonimizadas: 1 })
    expect((await estado(id)).anonimizado_em).toBe(clock.now().toISOString())
    // Only the ledger names it now; a second round finds nothing to do.
    expect(Object.keys(await linhasDaConta(t.database, id))).toEqual(['transacoes'])
    expect(await procurarTracos(t.database, tracos)).toEqual([])
    expect(await t.app.reter()).toEqual({ anonimizadas: 0 })
  })

  it('erasing an account made at the till deletes the till’s record of its creation (a hash of the phone)', async () => {
    const { t, loja } = cena
    const telemovel = '935555555'
    const criada = await loja('POST', '/clientes', { telemovel, pais: '351' })
    const id = criada.json().data.cliente.id as number
    const registos = () =>
      t.database.db
        .selectFrom('idempotencia')
        .select('chave')
        .where('resposta', 'like', `%"cliente":{"id":${id},%`)
        .execute()
    expect(await registos()).toHaveLength(1)
    const sms = await t.database.db
      .selectFrom('sms_outbox')
      .select('texto')
      .where('para', '=', `+351${telemovel}`)
      .executeTakeFirstOrThrow()
    const d = device(t)
    const password = sms.texto.match(/password (\d{6})/)?.[1]
    expect((await d.call('POST', '/login', { telemovel, pais: '351', password })).statusCode).toBe(200)
    expect((await d.call('POST', '/api/conta/cancelar', { confirmar: true })).statusCode).toBe(200)
    expect(await registos()).toEqual([])
  })

  it('the retention job deletes expired links, and keeps the ones still usable', async () => {
    const { t, clock } = cena
    const { d } = await cena.registar()
    expect((await d.call('POST', '/rgpd/portabilidade', { email: PESSOA.email })).statusCode).toBe(200)
    clock.advance(12 * HOUR)
    expect((await d.call('POST', '/rgpd/esquecimento', { email: PESSOA.email })).statusCode).toBe(200)
    const tipos = async () =>
      (await t.database.db.selectFrom('rgpd_pedidos').select('tipo').orderBy('id').execute()).map((r) => r.tipo)
    await t.app.reter()
    expect(await tipos()).toEqual(['portabilidade', 'esquecimento'])
    clock.advance(12 * HOUR)
    await t.app.reter()
    expect(await tipos()).toEqual(['esquecimento'])
    clock.advance(12 * HOUR)
    await t.app.reter()
    expect(await tipos()).toEqual([])
  })

  async function estado(id: number) {
    return cena.t.database.db
      .selectFrom('utilizadores')
      .select(['eliminado', 'telemovel', 'terminado_em', 'anonimizado_em'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }
})
