import { beforeEach, describe, expect, it } from 'vitest'
import { definicoesMensagens } from '../../../shared/admin-definicoes.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupTill } from '../fidelizacao/testing.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/**
 * 'Definições': the loyalty rules changed in the back-office apply from the next purchase, in every process
 * (read in each purchase's transaction), and never rewrite an earlier movement; admin only, validated, audited.
 */
describe.each(testDialects())('loyalty rules in the back-office, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { cliente, comprar, privado, loja } = scene
  let t: TestApp
  let admin: string

  beforeEach(async () => {
    t = scene.t
    admin = await signedInAdmin(t, 'admin-definicoes@exemplo.pt', 'admin', { clock: scene.clock })
  })

  const call = (cookie: string, method: 'GET' | 'POST', body?: unknown) =>
    t.app.inject({
      method,
      url: '/admin/api/definicoes/fidelizacao',
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    })

  const movimento = (id: number) =>
    t.database.db
      .selectFrom('transacoes')
      .select(['taxa_credito', 'pontos_por_euro', 'patamar', 'saldo_adicionado', 'pontos_ganhos'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()

  it('starts from the environment values, and a change applies to the next purchase only', async () => {
    const inicio = await call(admin, 'GET')
    expect(inicio.statusCode, inicio.body).toBe(200)
    expect(inicio.json().data).toEqual({
      atuais: { credito_percent: 5, pontos_por_euro: 1, patamar: 100, validade_meses: 0 },
      predefinidas: { credito_percent: 5, pontos_por_euro: 1, patamar: 100, validade_meses: 0 },
      alterado_em: null,
    })

    const c = await cliente()
    const antes = (await comprar(c.id, 2000)).json().data.transacao
    expect(antes).toMatchObject({ saldo_adicionado: 100, pontos_ganhos: 20 })

    const mudou = await call(admin, 'POST', { credito_percent: 7.5, pontos_por_euro: 3, patamar: 50 })
    expect(mudou.statusCode, mudou.body).toBe(200)
    expect(mudou.json().data.atuais).toEqual({
      credito_percent: 7.5,
      pontos_por_euro: 3,
      patamar: 50,
      validade_meses: 0,
    })
    // The expiry (decision 0058) is set with them, and kept by a change that does not name it.
    const validade = await call(admin, 'POST', {
      credito_percent: 7.5,
      pontos_por_euro: 3,
      patamar: 50,
      validade_meses: 12,
    })
    expect(validade.json().data.atuais.validade_meses).toBe(12)
    const semValidade = await call(admin, 'POST', { credito_percent: 7.5, pontos_por_euro: 3, patamar: 50 })
    expect(semValidade.json().data.atuais.validade_meses).toBe(12)
    // The app's settings (its onboarding tells the percent) follow.
    expect((await t.api('GET', '/api/configuracao')).json().data.creditoPercent).toBe(7.5)

    const depois = (await comprar(c.id, 2000)).json().data.transacao
    // 7,5 % of 20 € and 3 points a euro: 60 points + 20 before = 80, one reward of 50, 30 left.
    expect(depois).toMatchObject({ saldo_adicionado: 150, pontos_ganhos: 60, itens_adicionados: 1, pontos_actual: 30 })

    // Each movement keeps the rules it was made with: the first is not rewritten.
    expect(await movimento(antes.id)).toEqual({
      taxa_credito: 500,
      pontos_por_euro: 1,
      patamar: 100,
      saldo_adicionado: 100,
      pontos_ganhos: 20,
    })
    expect(await movimento(depois.id)).toMatchObject({ taxa_credito: 750, pontos_por_euro: 3, patamar: 50 })
    expect((await privado(c.d)).user.data).toMatchObject({ saldo: 250, patamar: 50 })

    // A refund of the first purchase takes back what it earned by its own rules (5 %), not today's.
    const devolucao = await loja('POST', `/compras/${antes.id}/devolucoes`, { valor: 2000 })
    expect(devolucao.statusCode, devolucao.body).toBe(201)
    expect(devolucao.json().data.transacao).toMatchObject({ saldo_removido: 100, pontos_ganhos: -20 })
  })

  it('reads the rules from the database on each purchase (another process changing them is seen at once)', async () => {
    const c = await cliente()
    // As another process would: the row written straight into the database, no bus, no cache to invalidate.
    await t.database.db
      .insertInto('fidelizacao_regras')
      .values({
        id: 1,
        taxa_credito: 1000,
        pontos_por_euro: 2,
        patamar: 100,
        alterado_em: scene.clock.now().toISOString(),
      })
      .execute()
    expect((await comprar(c.id, 1000)).json().data.transacao).toMatchObject({
      saldo_adicionado: 100,
      pontos_ganhos: 20,
    })
  })

  it('purchases racing a change each record the rules they were computed with (amounts and rules agree)', async () => {
    const c = await cliente()
    const compras = Array.from({ length: 6 }, () => comprar(c.id, 1000))
    const mudanca = call(admin, 'POST', { credito_percent: 20, pontos_por_euro: 5, patamar: 1000 })
    const respostas = await Promise.all([...compras, mudanca])
    for (const r of respostas) expect(r.statusCode, r.body).toBeLessThan(300)
    const movimentos = await t.database.db
      .selectFrom('transacoes')
      .select(['taxa_credito', 'pontos_por_euro', 'saldo_adicionado', 'pontos_ganhos'])
      .where('utilizador_id', '=', c.id)
      .execute()
    expect(movimentos).toHaveLength(6)
    for (const m of movimentos) {
      expect([500, 2000]).toContain(m.taxa_credito)
      // 10 € paid: credit and points are exactly those of the rules the movement keeps.
      expect(m.saldo_adicionado).toBe(m.taxa_credito === 500 ? 50 : 200)
      expect(m.pontos_ganhos).toBe(10 * m.pontos_por_euro)
      expect(m.pontos_por_euro).toBe(m.taxa_credito === 500 ? 1 : 5)
    }
  })

  it('refuses values out of range with pt-PT messages, and changes nothing', async () => {
    const casos = [
      [{ credito_percent: 101, pontos_por_euro: 1, patamar: 100 }, 'credito_percent', definicoesMensagens.credito],
      [{ credito_percent: -1, pontos_por_euro: 1, patamar: 100 }, 'credito_percent', definicoesMensagens.credito],
      [{ credito_percent: 5.555, pontos_por_euro: 1, patamar: 100 }, 'credito_percent', definicoesMensagens.credito],
      [{ credito_percent: 5, pontos_por_euro: 1.5, patamar: 100 }, 'pontos_por_euro', definicoesMensagens.pontos],
      [{ credito_percent: 5, pontos_por_euro: 1001, patamar: 100 }, 'pontos_por_euro', definicoesMensagens.pontos],
      [{ credito_percent: 5, pontos_por_euro: 1, patamar: 0 }, 'patamar', definicoesMensagens.patamar],
      [{ credito_percent: 5, pontos_por_euro: 1, patamar: '100' }, 'patamar', definicoesMensagens.patamar],
      [
        { credito_percent: 5, pontos_por_euro: 1, patamar: 100, validade_meses: 61 },
        'validade_meses',
        definicoesMensagens.validade,
      ],
      [
        { credito_percent: 5, pontos_por_euro: 1, patamar: 100, validade_meses: 1.5 },
        'validade_meses',
        definicoesMensagens.validade,
      ],
    ] as const
    for (const [body, campo, mensagem] of casos) {
      const res = await call(admin, 'POST', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(res.json())).toContain(mensagem)
      expect(res.body, campo).toContain(campo)
    }
    expect((await call(admin, 'GET')).json().data.alterado_em).toBeNull()
  })

  it('is an admin’s alone: a gestor is refused, and the change is audited with before and after', async () => {
    const gestor = await signedInAdmin(t, 'gestor-definicoes@exemplo.pt', 'gestor', { clock: scene.clock })
    expect((await call(gestor, 'GET')).statusCode).toBe(403)
    expect((await call(gestor, 'POST', { credito_percent: 50, pontos_por_euro: 1, patamar: 100 })).statusCode).toBe(403)
    expect((await call(admin, 'GET')).json().data.alterado_em).toBeNull()

    expect((await call(admin, 'POST', { credito_percent: 10, pontos_por_euro: 2, patamar: 200 })).statusCode).toBe(200)
    const entrada = await t.database.db
      .selectFrom('admin_auditoria')
      .selectAll()
      .where('acao', '=', 'definicoes.fidelizacao')
      .executeTakeFirstOrThrow()
    expect(entrada.email).toBe('admin-definicoes@exemplo.pt')
    expect(JSON.parse(entrada.antes ?? '')).toEqual({
      credito_percent: 5,
      pontos_por_euro: 1,
      patamar: 100,
      validade_meses: 0,
    })
    expect(JSON.parse(entrada.depois ?? '')).toEqual({
      credito_percent: 10,
      pontos_por_euro: 2,
      patamar: 200,
      validade_meses: 0,
    })
  })
})
