import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { device, testDialects } from '../../testing/harness.ts'
import { sseReader } from '../../testing/sse.ts'
import {
  contasDoGrupo,
  emailsPara,
  linhasDaConta,
  montarPessoa,
  PESSOA,
  procurarTracos,
  setupRgpd,
  tokenDoEmail,
} from './testing.ts'

/**
 * "Done means": erasure leaves no personal data anywhere. A customer with data in every table the app has
 * is erased; then every column of every table (found at run time, so a table a later migration adds is searched too)
 * is searched for the person's phone, name, e-mail and NIFs. The same search run before the erasure finds them: the
 * search works, and the erasure is what removes them.
 */
describe.each(testDialects())('erasure (right to be forgotten) on %s', (dialect) => {
  const cena = setupRgpd(dialect)

  /** Where the person was found: each table and column, once. */
  const onde = (achados: { tabela: string; coluna: string }[]) =>
    [...new Set(achados.map((a) => `${a.tabela}.${a.coluna}`))].sort()

  /** What every erasure must leave, whichever way it was asked for. */
  async function semRasto(id: number, antes: Awaited<ReturnType<typeof contasDoGrupo>>) {
    const { t } = cena
    expect(onde(await procurarTracos(t.database)), 'personal data left after the erasure').toEqual([])
    // What still names the account's id: the ledger, the opinions' ratings, the orders' amounts and which purchase used
    // a birthday reward (the reports count it), nothing else.
    expect(Object.keys(await linhasDaConta(t.database, id)).sort()).toEqual([
      'encomendas',
      'opinioes',
      'premios_aniversario',
      'transacoes',
    ])
    // The unused birthday reward is gone; the used one's days no longer say the birthday.
    const aniversarios = await t.database.db
      .selectFrom('premios_aniversario')
      .select(['ano', 'valido_de', 'valido_ate', 'criado_em', 'usado_em'])
      .where('utilizador_id', '=', id)
      .where('transacao_id', 'is not', null)
      .execute()
    const inicio = '2025-01-01T00:00:00.000Z'
    expect(aniversarios).toEqual([
      { ano: 2025, valido_de: '2025-01-01', valido_ate: '2025-01-01', criado_em: inicio, usado_em: inicio },
    ])
    expect(await t.database.db.selectFrom('premios_aniversario').select('id').execute()).toHaveLength(1)
    const conta = await t.database.db
      .selectFrom('utilizadores')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(conta).toMatchObject({ eliminado: 1, telemovel: '', telemovel_e164: null, password_hash: null })
    expect(conta.anonimizado_em).toBe(conta.terminado_em)
    expect(conta.anonimizado_em).not.toBeNull()
    // The group's accounts are untouched: every movement as it was, and the orders' amounts.
    const depois = await contasDoGrupo(t.database)
    expect(depois.somas).toEqual(antes.somas)
    expect(depois.transacoes).toEqual(antes.transacoes)
    expect(depois.encomendas).toEqual(antes.encomendas)
    expect(antes.somas.linhas).toBeGreaterThanOrEqual(3)
    // The opinion keeps its ratings, not its words.
    const opinioes = await t.database.db.selectFrom('opinioes').selectAll().execute()
    expect(opinioes.map((o) => [o.rating1, o.rating2, o.rating3, o.comentario])).toEqual([[5, 4, 3, '']])
  }

  it('through the e-mailed link: nothing of the person is left in any table, the ledger is whole, every screen is signed out', async () => {
    const { t, loja } = cena
    const p = await montarPessoa(cena)

    // The walk finds the person before the erasure, in the tables that hold them.
    const antesDeApagar = onde(await procurarTracos(t.database))
    for (const coluna of [
      'utilizadores.nome',
      'utilizadores.email',
      'utilizadores.nif1',
      'utilizadores.nif2',
      'utilizadores.telemovel',
      'utilizadores.telemovel_e164',
      'encomendas.nome',
      'encomendas.email',
      'encomendas.telemovel',
      'encomendas.nif',
      'opinioes.comentario',
      'notificacoes.texto',
      'sms_outbox.para',
      'sms_desafios.telemovel',
      'email_outbox.para',
      'email_outbox.texto',
      'limites.chave',
      'tentativas_login.chave',
      'pagamentos_sandbox.telemovel',
      // The till's recorded answers of the board (idempotency), which showed who each order was for.
      'idempotencia.resposta',
    ]) {
      expect(antesDeApagar, coluna).toContain(coluna)
    }
    expect(Object.keys(await linhasDaConta(t.database, p.id))).toEqual(
      expect.arrayContaining(['sessoes', 'identificacoes', 'push_subscricoes', 'consentimentos', 'rgpd_pedidos']),
    )
    const antes = await contasDoGrupo(t.database)

    // The second device has its event stream open.
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const stream = await fetch(`${base}/api/eventos?v=1.0`, { headers: { cookie: `balcao_sessao=${p.outro.cookie}` } })
    expect(stream.status).toBe(200)
    const ali = sseReader(stream)
    try {
      const token = await tokenDoEmail(t, PESSOA.email, 'esquecimento')
      const { saldo, pontos } = (await cena.privado(p.d)).user.data
      expect(saldo).toBeGreaterThan(0)
      const pedido = await p.d.call('GET', `/api/rgpd/pedidos/${token}`)
      expect(pedido.json().data.resumo).toEqual({ saldo, pontos, pedidoEmCurso: false })
      const res = await p.d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data.user.loggedIn).toBe(false)
      expect(await ali.next('sessao-terminada')).toEqual({})
      expect(await ali.ended()).toBe(true)
    } finally {
      ali.cancel()
    }

    await semRasto(p.id, antes)

    // Both devices are a guest's now.
    for (const d of [p.d, p.outro]) {
      const privado = await cena.privado(d)
      expect(privado.user).toMatchObject({ loggedIn: false, data: null })
      expect(privado.transacoes).toEqual([])
    }
    // The till finds nobody by the phone (which asked the security code before) nor by the old QR.
    expect((await loja('POST', '/clientes/identificar', { telemovel: PESSOA.telemovel, pais: '351' })).statusCode).toBe(
      404,
    )
    expect((await loja('POST', '/clientes/identificar', { qr: p.qr })).statusCode).toBe(404)
    expect(
      (await loja('POST', '/compras', { cliente_id: p.id, total: 100, saldo_a_usar: 0, referencia: 'FT 9' }))
        .statusCode,
    ).toBe(404)

    // The phone is free: the same person signs up again as a new customer, with nothing of the old account.
    const novo = await cena.registar()
    expect(novo.id).not.toBe(p.id)
    const dados = await cena.privado(novo.d)
    expect(dados.user.data).toMatchObject({ id: novo.id, telemovel: PESSOA.telemovel, saldo: 0, pontos: 0 })
    expect(dados.transacoes).toEqual([])
    expect((await novo.d.call('GET', '/api/notificacoes')).json().data).toEqual([])
    // The e-mails that held the links went with the account.
    expect(await emailsPara(t, PESSOA.email)).toEqual([])
  })

  it('through the profile’s cancellation: the same, with no link', async () => {
    const { t } = cena
    const p = await montarPessoa(cena)
    expect((await procurarTracos(t.database)).length).toBeGreaterThan(0)
    const antes = await contasDoGrupo(t.database)
    const { saldo, pontos } = (await cena.privado(p.d)).user.data
    const resumo = await p.d.call('GET', '/api/conta/cancelar')
    expect(resumo.json().data).toEqual({ saldo, pontos, pedidoEmCurso: false })
    const res = await p.d.call('POST', '/api/conta/cancelar', { confirmar: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.user.loggedIn).toBe(false)
    await semRasto(p.id, antes)
    expect((await cena.privado(p.outro)).user.loggedIn).toBe(false)
    // Done once: the account is no longer one to cancel, its password signs nobody in, the other device asks nothing.
    expect((await p.d.call('POST', '/api/conta/cancelar', { confirmar: true })).statusCode).toBe(401)
    const login = await device(t, '198.51.100.8').call('POST', '/login', {
      telemovel: PESSOA.telemovel,
      pais: '351',
      password: PESSOA.password,
    })
    expect(login.statusCode).toBe(401)
    expect((await p.outro.call('POST', '/rgpd/esquecimento', { email: PESSOA.email })).statusCode).toBe(401)
  })
})
