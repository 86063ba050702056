import { describe, expect, it } from 'vitest'
import { testDialects } from '../../testing/harness.ts'
import { setupTill } from '../fidelizacao/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * Manual adjustments of a customer's ledger from the back-office: a movement like any other (atomic, the
 * balance never below 0), once per idempotency key, audited in its transaction, shown to the customer with its reason;
 * and exact when adjustments and till purchases race.
 */

describe.each(testDialects())('manual ledger adjustments, on %s', (dialect) => {
  const till = setupTill(dialect)
  let seq = 0
  const chave = () => `ajuste-de-teste-${String(++seq).padStart(6, '0')}`

  const post = (cookie: string, url: string, body: unknown) =>
    till.t.app.inject({
      method: 'POST',
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      payload: body as Record<string, unknown>,
    })

  const saldos = async (id: number) => {
    const m = await till.t.database.db
      .selectFrom('transacoes')
      .select(['saldo_actual', 'pontos_actual', 'itens_actual', 'sequencia'])
      .where('utilizador_id', '=', id)
      .orderBy('sequencia', 'desc')
      .executeTakeFirst()
    return m ?? { saldo_actual: 0, pontos_actual: 0, itens_actual: 0, sequencia: 0 }
  }

  it('credits and debits with a reason, audited in the same transaction, and the customer sees "Ajuste"', async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    const res = await post(admin, `/clientes/${c.id}/ajustes`, {
      saldo: 250,
      pontos: 0,
      motivo: 'Compensação por atraso',
      chave: chave(),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ saldo: 250, saldo_actual: 250, motivo: 'Compensação por atraso' })
    const menos = await post(admin, `/clientes/${c.id}/ajustes`, {
      saldo: -100,
      pontos: 0,
      motivo: 'Erro',
      chave: chave(),
    })
    expect(menos.json().data).toMatchObject({ saldo: -100, saldo_actual: 150 })

    const auditoria = await till.t.database.db
      .selectFrom('admin_auditoria')
      .selectAll()
      .where('acao', '=', 'cliente.ajustar')
      .orderBy('id')
      .execute()
    expect(auditoria).toHaveLength(2)
    expect(auditoria[0]).toMatchObject({
      entidade: 'cliente',
      entidade_id: String(c.id),
      email: 'admin-testes@exemplo.pt',
    })
    expect(JSON.parse(auditoria[0]?.depois ?? '{}')).toMatchObject({ saldo: 250, motivo: 'Compensação por atraso' })

    const privado = await till.privado(c.d)
    expect(privado.user.data.saldo).toBe(150)
    expect(privado.transacoes).toEqual([
      expect.objectContaining({
        tipo: 'ajuste',
        loja: 'Ajuste',
        motivo: 'Erro',
        saldo_removido: 100,
        saldo_actual: 150,
      }),
      expect.objectContaining({ tipo: 'ajuste', motivo: 'Compensação por atraso', saldo_adicionado: 250 }),
    ])
  })

  it('refuses a balance or points below 0, a missing reason, and writes nothing', async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    const negativo = await post(admin, `/clientes/${c.id}/ajustes`, {
      saldo: -1,
      pontos: 0,
      motivo: 'X',
      chave: chave(),
    })
    expect(negativo.statusCode).toBe(409)
    expect(negativo.json().error.message).toBe('O ajuste deixaria o saldo do cliente negativo.')
    const pontos = await post(admin, `/clientes/${c.id}/ajustes`, { saldo: 0, pontos: -5, motivo: 'X', chave: chave() })
    expect(pontos.statusCode).toBe(409)
    const semMotivo = await post(admin, `/clientes/${c.id}/ajustes`, {
      saldo: 100,
      pontos: 0,
      motivo: ' ',
      chave: chave(),
    })
    expect(semMotivo.statusCode).toBe(400)
    expect(semMotivo.json().error.fields.motivo).toContain('obrigatório')
    const zero = await post(admin, `/clientes/${c.id}/ajustes`, { saldo: 0, pontos: 0, motivo: 'X', chave: chave() })
    expect(zero.statusCode).toBe(400)
    expect((await saldos(c.id)).sequencia).toBe(0)
    expect(
      await till.t.database.db
        .selectFrom('admin_auditoria')
        .select('id')
        .where('acao', '=', 'cliente.ajustar')
        .execute(),
    ).toEqual([])
  })

  it('points given turn into rewards at the threshold, as a purchase does', async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    const { patamar } = (await till.privado(c.d)).user.data
    const res = await post(admin, `/clientes/${c.id}/ajustes`, {
      saldo: 0,
      pontos: patamar + 3,
      motivo: 'Oferta',
      chave: chave(),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await saldos(c.id)).toMatchObject({ pontos_actual: 3, itens_actual: 1 })
  })

  it("uses the rules in force: a threshold changed in 'Definições' is the one points turn into rewards at", async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, 'ajustes-regras@exemplo.pt', 'admin', { clock: till.clock })
    const regras = await post(admin, '/definicoes/fidelizacao', {
      credito_percent: 5,
      pontos_por_euro: 1,
      patamar: 1000,
    })
    expect(regras.statusCode, regras.body).toBe(200)
    const res = await post(admin, `/clientes/${c.id}/ajustes`, {
      saldo: 0,
      pontos: 150,
      motivo: 'Oferta',
      chave: chave(),
    })
    expect(res.statusCode, res.body).toBe(200)
    // 150 points stay points under a threshold of 1000 (the environment's 100 would have made a reward).
    expect(await saldos(c.id)).toMatchObject({ pontos_actual: 150, itens_actual: 0 })
    const movimento = await till.t.database.db
      .selectFrom('transacoes')
      .select('patamar')
      .where('utilizador_id', '=', c.id)
      .where('tipo', '=', 'ajuste')
      .executeTakeFirstOrThrow()
    expect(movimento.patamar).toBe(1000)
    const detalhe = await till.t.app.inject({
      method: 'GET',
      url: `/admin/api/clientes/${c.id}`,
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${admin}` },
    })
    expect(JSON.stringify(detalhe.json().data)).toContain('"patamar":1000')
  })

  it('idempotent: one key sent five times at once writes one movement and one audit entry', async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    const corpo = { saldo: 500, pontos: 10, motivo: 'Duplo clique', chave: chave() }
    const respostas = await Promise.all(
      Array.from({ length: 5 }, () => post(admin, `/clientes/${c.id}/ajustes`, corpo)),
    )
    expect(respostas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200])
    expect(new Set(respostas.map((r) => r.json().data.movimento)).size).toBe(1)
    expect(await saldos(c.id)).toMatchObject({ saldo_actual: 500, sequencia: 1 })
    const entradas = await till.t.database.db
      .selectFrom('admin_auditoria')
      .select('id')
      .where('acao', '=', 'cliente.ajustar')
      .execute()
    expect(entradas).toHaveLength(1)
    // The same key with other values is another request: refused, nothing written.
    const outro = await post(admin, `/clientes/${c.id}/ajustes`, { ...corpo, saldo: 600 })
    expect(outro.statusCode).toBe(409)
    expect((await saldos(c.id)).sequencia).toBe(1)
  })

  it('race: adjustments and a till purchase spending the balance at once leave the exact balance', async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    await till.comprar(c.id, 20_000) // earns credit
    const inicial = (await saldos(c.id)).saldo_actual
    expect(inicial).toBeGreaterThan(0)
    const identificacao = await till.prova(c.id)
    const ajustes = Array.from({ length: 8 }, (_, i) =>
      post(admin, `/clientes/${c.id}/ajustes`, {
        saldo: i % 2 ? -100 : 300,
        pontos: 0,
        motivo: `Corrida ${i}`,
        chave: chave(),
      }),
    )
    const compra = till.loja('POST', '/compras', {
      cliente_id: c.id,
      identificacao,
      total: 5000,
      saldo_a_usar: inicial,
      referencia: 'FT corrida',
    })
    const [respostaCompra, ...respostas] = await Promise.all([compra, ...ajustes])
    const feitos = respostas.filter((r) => r.statusCode === 200).map((r) => r.json().data.saldo as number)
    for (const r of respostas) expect([200, 409]).toContain(r.statusCode)
    const gasto = respostaCompra?.statusCode === 201 ? inicial : 0
    const ganho = respostaCompra?.statusCode === 201 ? respostaCompra.json().data.transacao.saldo_adicionado : 0
    const final = await saldos(c.id)
    expect(final.saldo_actual).toBe(inicial - gasto + ganho + feitos.reduce((a, b) => a + b, 0))
    expect(final.saldo_actual).toBeGreaterThanOrEqual(0)
    // The chain is whole: every movement starts where the one before it ended.
    const cadeia = await till.t.database.db
      .selectFrom('transacoes')
      .select(['sequencia', 'saldo_anterior', 'saldo_actual'])
      .where('utilizador_id', '=', c.id)
      .orderBy('sequencia')
      .execute()
    for (const [i, m] of cadeia.slice(1).entries()) expect(m.saldo_anterior).toBe(cadeia[i]?.saldo_actual)
    expect(cadeia).toHaveLength(1 + feitos.length + (respostaCompra?.statusCode === 201 ? 1 : 0))
  }, 60_000)

  it('race: ten debits that together would overdraw: the balance stops at 0 exactly', async () => {
    const c = await till.cliente()
    const admin = await signedInAdmin(till.t, undefined, 'admin', { clock: till.clock })
    await post(admin, `/clientes/${c.id}/ajustes`, { saldo: 1000, pontos: 0, motivo: 'Base', chave: chave() })
    const respostas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(admin, `/clientes/${c.id}/ajustes`, { saldo: -300, pontos: 0, motivo: `Débito ${i}`, chave: chave() }),
      ),
    )
    expect(respostas.filter((r) => r.statusCode === 200)).toHaveLength(3)
    expect(respostas.filter((r) => r.statusCode === 409)).toHaveLength(7)
    expect((await saldos(c.id)).saldo_actual).toBe(100)
  }, 60_000)
})
