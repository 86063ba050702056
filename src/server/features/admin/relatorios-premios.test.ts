import { beforeEach, describe, expect, it } from 'vitest'
import { HOUR } from '../../platform/clock.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupTill } from '../fidelizacao/testing.ts'
import { chamadas, DOBRO_DE_PONTOS as DOBRO, signedInAdmin } from './testing.ts'

/**
 * Rewards redeemed and promotions applied in the reports: a reward of 2 € off, points doubled everywhere and credit
 * at 10 % in Baixa, till purchases in Lisbon and in the Azores, and refunds whole and in part, the next day too. Each
 * figure is the window's purchases net of their refunds: a reward given back by a full refund is not used, and a
 * promotion keeps what a refund did not take back, in proportion and rounded half up as the ledger rounds.
 *
 * The suite's clock: Sunday 22/11/2026 10:00 in Lisbon (09:00 in the Azores). 1 point a euro, a reward every 100
 * points, credit 5 %.
 */
const ACORES = 901

interface Linha {
  id_loja: number
  premios_usados: number
  desconto_premios: number
}

describe.each(testDialects())('rewards and promotions in the reports, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { cliente, loja, prova } = scene
  let t: TestApp
  let c: ReturnType<typeof chamadas>
  let ids: { dobro: number; credito: number }
  let sessoes = 0

  const ok = async (res: ReturnType<typeof loja>, status = 201) => {
    const r = await res
    expect(r.statusCode, r.body).toBe(status)
    return r.json().data
  }

  beforeEach(async () => {
    t = scene.t
    c = chamadas(t)
    const admin = await signedInAdmin(t, 'admin-relatorios-premios@exemplo.pt', 'admin', { clock: scene.clock })
    const acores = await insertRestaurante(t.database.db, { tag: 'acores', name: 'Sabores dos Açores' })
    await insertLoja(t.database.db, {
      tag: 'ponta-delgada',
      restaurante_id: acores.id,
      id_loja: ACORES,
      regiao: 'acores',
    })
    const key901 = (await lojasChavesRepo(t.database.db, scene.clock).create(ACORES, 'caixa-901')).chave

    await ok(c.call(admin, 'POST', '/definicoes/premio', { nome: 'Vale de 2 €', tipo: 'valor', valor: 200 }), 200)
    const dobro = await ok(c.call(admin, 'POST', '/promocoes', DOBRO), 200)
    const credito = await ok(
      c.call(admin, 'POST', '/promocoes', {
        ...DOBRO,
        nome: 'Saldo a 10 %',
        efeito: 'credito_percent',
        credito_percent: 10,
        ambito: 'loja',
        id_loja: 848,
      }),
      200,
    )

    const cl = await cliente()
    const compra = (corpo: Record<string, unknown>, key?: string) =>
      ok(loja('POST', '/compras', { cliente_id: cl.id, saldo_a_usar: 0, referencia: 'FT', ...corpo }, { key }))
    const comPremio = async (total: number, key = scene.key862) =>
      compra({ total, itens_a_redimir: 1, identificacao: await prova(cl.id, key) }, key)

    // 100,00 € in Chiado: 100 points, doubled: 2 rewards.
    const p1 = (await compra({ total: 10_000 })).transacao
    expect(p1).toMatchObject({ pontos_ganhos: 200, itens_adicionados: 2 })
    expect(p1.promocoes).toEqual([{ id: dobro.id, nome: 'Dobro de pontos', pontos: 100, credito: 0 }])
    // 10,00 € in the Azores, under the same promotion.
    const p4 = (await compra({ total: 1000 }, key901)).transacao
    expect(p4.promocoes).toEqual([{ id: dobro.id, nome: 'Dobro de pontos', pontos: 10, credito: 0 }])

    // Renamed: the purchases from now on record its new name.
    await ok(c.call(admin, 'POST', `/promocoes/${dobro.id}`, { ...DOBRO, nome: 'Pontos a dobrar' }), 200)
    // 5,00 € in Chiado with a reward: 3,00 € paid, 3 points doubled.
    const p2 = (await comPremio(500)).transacao
    expect(p2).toMatchObject({ valor_pago: 300, itens_redimidos: 1 })
    expect(p2.promocoes).toEqual([{ id: dobro.id, nome: 'Pontos a dobrar', pontos: 3, credito: 0 }])
    // 10,00 € in Baixa with a reward: 8,00 € paid, 8 points doubled, credit 10 % (80) instead of 5 % (40).
    const p3 = (await comPremio(1000, scene.key848)).transacao
    expect(p3).toMatchObject({ valor_pago: 800, itens_redimidos: 1, saldo_adicionado: 80 })
    expect(p3.promocoes).toEqual([
      { id: dobro.id, nome: 'Pontos a dobrar', pontos: 8, credito: 0 },
      { id: credito.id, nome: 'Saldo a 10 %', pontos: 0, credito: 40 },
    ])

    // Chiado's refunded whole: its reward given back. Baixa's, 0,50 € of 8,00 €: a sixteenth.
    const d2 = (await ok(loja('POST', `/compras/${p2.id}/devolucoes`, { valor: 300 }))).transacao
    expect(d2.itens_redimidos).toBe(-1)
    await ok(loja('POST', `/compras/${p3.id}/devolucoes`, { valor: 50 }, { key: scene.key848 }))
    // The next morning, a third of the first purchase (33,33 € of 100,00 €): dated by the purchase.
    scene.clock.advance(20 * HOUR)
    await ok(loja('POST', `/compras/${p1.id}/devolucoes`, { valor: 3333 }))
    ids = { dobro: dobro.id, credito: credito.id }
  })

  const relatorio = async (q: string) => {
    // A day after the suite's start the first session may have ended: each report signs in afresh.
    const admin = await signedInAdmin(t, `relatorio-${++sessoes}@exemplo.pt`, 'admin', { clock: scene.clock })
    return { admin, r: await ok(c.call(admin, 'GET', `/relatorios?${q}`), 200) }
  }

  it('counts the rewards used per store, net of those given back, and what they took off', async () => {
    const { r } = await relatorio('de=2026-11-22&ate=2026-11-22')
    const premios = Object.fromEntries(
      r.lojas.map((l: Linha) => [l.id_loja, { usados: l.premios_usados, desconto: l.desconto_premios }]),
    )
    // Chiado's reward was given back with its purchase; Baixa's stays used, its 2 € too (a partial refund keeps it).
    expect(premios).toEqual({
      862: { usados: 0, desconto: 0 },
      848: { usados: 1, desconto: 200 },
      [ACORES]: { usados: 0, desconto: 0 },
    })
    expect(r.totais).toMatchObject({ premios_usados: 1, desconto_premios: 200 })
    const seguinte = (await relatorio('de=2026-11-23&ate=2026-11-23')).r
    expect(seguinte.totais).toMatchObject({ premios_usados: 0, desconto_premios: 0 })
    expect(seguinte.promocoes).toEqual([])
  })

  it('lists each promotion once, under its newest name, net of refunds in proportion, across time zones', async () => {
    const { admin, r } = await relatorio('de=2026-11-22&ate=2026-11-22')
    expect(r.promocoes).toEqual([
      // Chiado's first purchase, 100 − round(100 × 3333 / 10000) = 67; Baixa's, 8 − round(8 × 50 / 800 = 0,5) = 7;
      // the Azores', 10. Chiado's refunded whole is not counted.
      { id: ids.dobro, nome: 'Pontos a dobrar', compras: 3, pontos: 67 + 7 + 10, credito: 0 },
      // 40 − round(40 × 50 / 800 = 2,5) = 37.
      { id: ids.credito, nome: 'Saldo a 10 %', compras: 1, pontos: 0, credito: 37 },
    ])

    // Chiado alone: the purchase refunded whole names nothing; the other was recorded under the first name.
    const chiado = (await relatorio('de=2026-11-22&ate=2026-11-22&loja=862')).r
    expect(chiado.promocoes).toEqual([{ id: ids.dobro, nome: 'Dobro de pontos', compras: 1, pontos: 67, credito: 0 }])
    const acores = (await relatorio(`de=2026-11-22&ate=2026-11-22&loja=${ACORES}`)).r
    expect(acores.promocoes).toEqual([{ id: ids.dobro, nome: 'Dobro de pontos', compras: 1, pontos: 10, credito: 0 }])

    // The CSVs: the promotions', and the rewards at the end of the stores'.
    const csv = async (tabela: string) => {
      const res = await c.call(admin, 'GET', `/relatorios/csv/${tabela}?de=2026-11-22&ate=2026-11-22`)
      expect(res.statusCode, res.body).toBe(200)
      return res.body
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
    }
    expect(await csv('promocoes')).toEqual([
      'Promoção;Compras;Pontos extra;Saldo extra (€)',
      'Pontos a dobrar;3;84;0',
      'Saldo a 10 %;1;0;0,37',
    ])
    const lojas = await csv('lojas')
    expect(lojas[0]?.endsWith(';Qualidade;Prémios usados;Desconto dos prémios (€)')).toBe(true)
    expect(lojas.find((l) => l.startsWith('Baixa;'))?.endsWith(';1;2')).toBe(true)
  })
})

describe.each(testDialects())('birthday rewards in the reports, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { cliente, loja, prova } = scene

  it('counts one while its purchase keeps it, and none once a full refund gave it back', async () => {
    const { t } = scene
    const c = chamadas(t)
    const db = t.database.db
    const admin = await signedInAdmin(t, 'admin-relatorios-aniversario@exemplo.pt', 'admin', { clock: scene.clock })
    const { id: premioId } = await db
      .insertInto('premios')
      .values({
        finalidade: 'aniversario',
        nome: 'Vale de aniversário',
        tipo: 'valor',
        valor: 300,
        validade_dias: 7,
        criado_em: '2026-11-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const cl = await cliente()
    const dia = { valido_de: '2026-11-22', valido_ate: '2026-11-29', criado_em: '2026-11-22T00:00:00.000Z' }
    await db
      .insertInto('premios_aniversario')
      .values({ utilizador_id: cl.id, ano: 2026, premio_id: premioId, ...dia })
      .execute()
    const compra = await loja('POST', '/compras', {
      cliente_id: cl.id,
      identificacao: await prova(cl.id),
      total: 1000,
      saldo_a_usar: 0,
      usar_premio_aniversario: 1,
      referencia: 'FT aniversario',
    })
    expect(compra.statusCode, compra.body).toBe(201)
    const premios = async () => {
      const r = await c.call(admin, 'GET', '/relatorios?de=2026-11-22&ate=2026-11-22')
      expect(r.statusCode, r.body).toBe(200)
      return r.json().data.totais
    }
    expect(await premios()).toMatchObject({ premios_usados: 1, desconto_premios: 300 })
    const { id } = compra.json().data.transacao
    const devolvida = await loja('POST', `/compras/${id}/devolucoes`, { valor: 700 })
    expect(devolvida.statusCode, devolvida.body).toBe(201)
    expect(await premios()).toMatchObject({ premios_usados: 0, desconto_premios: 0 })
  })
})
