import { describe, expect, it } from 'vitest'
import { rgpdMensagens } from '../../../shared/rgpd.ts'
import { HOUR } from '../../platform/clock.ts'
import { testDialects } from '../../testing/harness.ts'
import { emailsPara, PESSOA, procurarTracos, setupRgpd, tokenDoEmail } from './testing.ts'

/**
 * the links are single-use even when clicked twice at once; an order still being paid or made holds the
 * erasure back (and leaves the link usable); a checkout racing an erasure leaves no order of the person's; requests
 * are limited; the till's recorded answers survive the erasure without the person in them.
 */
describe.each(testDialects())('GDPR links and what holds an erasure back, on %s', (dialect) => {
  const cena = setupRgpd(dialect)

  const pedir = async (d: Awaited<ReturnType<typeof cena.registar>>['d'], tipo: 'esquecimento' | 'portabilidade') => {
    expect((await d.call('POST', `/rgpd/${tipo}`, { email: PESSOA.email })).statusCode).toBe(200)
    return tokenDoEmail(cena.t, PESSOA.email, tipo)
  }

  it('a portability link serves once: the second download is 410', async () => {
    const { d } = await cena.registar()
    const token = await pedir(d, 'portabilidade')
    expect((await d.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })).statusCode).toBe(200)
    const outra = await d.call('POST', `/api/rgpd/portabilidade/${token}`, { confirmar: true })
    expect(outra.statusCode).toBe(410)
    expect(outra.json().error.message).toBe(rgpdMensagens.linkInvalido)
    expect((await d.call('GET', `/api/rgpd/pedidos/${token}`)).statusCode).toBe(410)
  })

  it('two clicks on one link at once: one download, one erasure', async () => {
    const { d } = await cena.registar()
    const ficheiro = await pedir(d, 'portabilidade')
    const downloads = await Promise.all(
      [1, 2].map(() => d.call('POST', `/api/rgpd/portabilidade/${ficheiro}`, { confirmar: true })),
    )
    expect(downloads.map((r) => r.statusCode).sort()).toEqual([200, 410])

    const token = await pedir(d, 'esquecimento')
    const confirmacoes = await Promise.all(
      [1, 2].map(() => d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })),
    )
    const estados = confirmacoes.map((r) => r.statusCode).sort()
    expect(
      estados.filter((s) => s === 200),
      JSON.stringify(estados),
    ).toHaveLength(1)
    // The other click either found the link spent (410) or the session already ended with the account (401).
    expect([401, 410]).toContain(estados[1])
    expect(await procurarTracos(cena.t.database)).toEqual([])
  })

  it('an erasure link is dead with its account: the same person signed up again cannot use it', async () => {
    const { d } = await cena.registar()
    const token = await pedir(d, 'esquecimento')
    expect((await d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })).statusCode).toBe(200)
    // The device is a guest's now.
    expect((await d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })).statusCode).toBe(401)
    const novo = await cena.registar()
    const res = await novo.d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })
    expect(res.statusCode).toBe(410)
    expect((await cena.privado(novo.d)).user.loggedIn).toBe(true)
  })

  it('an order still being paid holds the erasure back (409, nothing erased); the link works once it is done', async () => {
    const { t } = cena
    const { d, id } = await cena.registar()
    const { id: encomenda } = await cena.encomendar(d, { pagar: false })
    expect(encomenda).not.toBeNull()
    expect((await d.call('GET', '/api/conta/cancelar')).json().data.pedidoEmCurso).toBe(true)
    const token = await pedir(d, 'esquecimento')
    expect((await d.call('GET', `/api/rgpd/pedidos/${token}`)).json().data.resumo.pedidoEmCurso).toBe(true)
    const antes = await procurarTracos(t.database)

    for (const res of [
      await d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true }),
      await d.call('POST', '/api/conta/cancelar', { confirmar: true }),
    ]) {
      expect(res.statusCode).toBe(409)
      expect(res.json().error.message).toBe(rgpdMensagens.pedidoEmCurso)
    }
    // Nothing was erased, and the link was not spent.
    expect(await procurarTracos(t.database)).toEqual(antes)
    expect((await cena.privado(d)).user.data).toMatchObject({ id, nome: PESSOA.nome })
    const pedido = await t.database.db.selectFrom('rgpd_pedidos').selectAll().executeTakeFirstOrThrow()
    expect(pedido.usado_em).toBeNull()

    // Paid and handed over: the same link erases.
    const [pagamento] = (await t.api('GET', '/api/dev/pagamentos')).json().data
    expect((await t.api('POST', `/api/dev/pagamentos/${pagamento.id}/aprovar`)).statusCode).toBe(200)
    expect((await d.call('GET', '/api/conta/cancelar')).json().data.pedidoEmCurso).toBe(true)
    // Ready but not yet collected: the counter still needs the name on it.
    for (const estado of [1, 2]) {
      expect(
        (await cena.loja('POST', `/encomendas/${encomenda}/estado`, { estado }, `aviar-${encomenda}-${estado}`))
          .statusCode,
      ).toBe(200)
    }
    expect((await d.call('GET', '/api/conta/cancelar')).json().data.pedidoEmCurso).toBe(true)
    expect((await d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })).statusCode).toBe(409)
    // The same steps again with their keys are the same answers: aviar goes on to 'collected'.
    await cena.aviar(encomenda as number)
    const res = await d.call('POST', `/api/rgpd/esquecimento/${token}`, { confirmar: true })
    expect(res.statusCode, res.body).toBe(200)
    expect(await procurarTracos(t.database)).toEqual([])
  })

  it('a checkout racing an erasure: either the order is made and holds the erasure back, or there is no order', async () => {
    const { t } = cena
    const { d } = await cena.registar()
    const [checkout, cancelar] = await Promise.all([
      cena.encomendar(d, { pagar: false }),
      d.call('POST', '/api/conta/cancelar', { confirmar: true }),
    ])
    if (cancelar.statusCode === 200) {
      expect(checkout.res.statusCode).toBe(401)
      expect(await t.database.db.selectFrom('encomendas').select('id').execute()).toEqual([])
      expect(await procurarTracos(t.database)).toEqual([])
    } else {
      expect(cancelar.statusCode).toBe(409)
      expect(checkout.res.statusCode, checkout.res.body).toBe(201)
      expect((await cena.privado(d)).user.loggedIn).toBe(true)
    }
  })

  it('the till’s retry of a board change after the erasure gets its answer, without the person in it', async () => {
    const { d } = await cena.registar()
    const { id } = await cena.encomendar(d)
    await cena.aviar(id as number)
    expect((await d.call('POST', '/api/conta/cancelar', { confirmar: true })).statusCode).toBe(200)
    const retry = await cena.loja('POST', `/encomendas/${id}/estado`, { estado: 2 }, `aviar-${id}-2`)
    expect(retry.statusCode, retry.body).toBe(200)
    expect(retry.json().data.encomenda).toMatchObject({ id, estado: 2, nome: '', telemovel: '', nif: null, total: 260 })
    expect(await procurarTracos(cena.t.database)).toEqual([])
  })

  it('limits the requests of an account: the sixth within an hour is 429, the next hour it may ask again', async () => {
    const { t, clock } = cena
    const { d } = await cena.registar()
    for (let i = 0; i < 5; i++) {
      const tipo = i % 2 === 0 ? 'esquecimento' : 'portabilidade'
      const res = await d.call('POST', `/rgpd/${tipo}`, { email: i === 4 ? 'outra@exemplo.pt' : PESSOA.email })
      expect(res.statusCode, res.body).toBe(200)
    }
    const sexto = await d.call('POST', '/rgpd/portabilidade', { email: PESSOA.email })
    expect(sexto.statusCode).toBe(429)
    expect(Number(sexto.headers['retry-after'])).toBeGreaterThan(0)
    expect(await emailsPara(t, PESSOA.email)).toHaveLength(4)
    clock.advance(HOUR)
    expect((await d.call('POST', '/rgpd/portabilidade', { email: PESSOA.email })).statusCode).toBe(200)
    expect(await emailsPara(t, PESSOA.email)).toHaveLength(5)
  })
})
