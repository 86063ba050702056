import { beforeEach, describe, expect, it } from 'vitest'
import { formatMoney } from '../../../shared/format.ts'
import { aniversarioMensagens } from '../../../shared/premios-aniversario.ts'
import { DAY } from '../../platform/clock.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { chamadas, signedInAdmin } from '../admin/testing.ts'
import { aniversariosDoDia, somarDias } from './aniversarios.ts'
import { setupTill } from './testing.ts'

/**
 * The birthday reward (decision 0053): set in the back-office; given on the customer's birthday in Lisbon, once a year,
 * told once, whatever the number of runs at once; used by one till purchase under concurrent requests, given back by
 * its full refund; usable until its last day only.
 *
 * The suite's clock: Sunday 22/11/2026 10:00 in Lisbon.
 */

const BOLO = {
  ativo: true,
  nome: 'Bolo de aniversário',
  tipo: 'valor',
  valor: 300,
  cod_produto: null,
  imagem: null,
  validade_dias: 7,
}

describe('the days of a birthday', () => {
  it('has 29 February born celebrate on the 28th of a common year, on the 29th of a leap one', () => {
    expect(aniversariosDoDia('2026-11-22')).toEqual(['11-22'])
    expect(aniversariosDoDia('2027-02-28')).toEqual(['02-28', '02-29'])
    expect(aniversariosDoDia('2028-02-28')).toEqual(['02-28'])
    expect(aniversariosDoDia('2028-02-29')).toEqual(['02-29'])
    expect(aniversariosDoDia('2100-02-28')).toEqual(['02-28', '02-29'])
  })

  it('counts the days of use across months and years', () => {
    expect(somarDias('2026-11-22', 7)).toBe('2026-11-29')
    expect(somarDias('2026-12-28', 7)).toBe('2027-01-04')
    expect(somarDias('2028-02-28', 1)).toBe('2028-02-29')
    expect(somarDias('2026-11-22', 0)).toBe('2026-11-22')
  })
})

describe.each(testDialects())('the birthday reward, on %s', (dialect) => {
  const scene = setupTill(dialect)
  const { cliente, privado, loja, prova } = scene
  let t: TestApp
  let admin: string
  let c: ReturnType<typeof chamadas>

  beforeEach(async () => {
    t = scene.t
    c = chamadas(t)
    admin = await signedInAdmin(t, 'admin-aniversarios@exemplo.pt', 'admin', { clock: scene.clock })
  })

  const definir = (corpo: Record<string, unknown>, cookie = admin) =>
    c.call(cookie, 'POST', '/definicoes/premio-aniversario', corpo)
  const nascido = (id: number, data: string) =>
    t.database.db.updateTable('utilizadores').set({ data_nascimento: data }).where('id', '=', id).execute()
  /** The birthday job, as its hourly round runs it. */
  const atribuir = () => t.app.housekeeping().then(() => undefined)
  const avisos = async (id: number) =>
    (
      await t.database.db
        .selectFrom('notificacoes')
        .select(['titulo', 'texto'])
        .where('utilizador_id', '=', id)
        .where('titulo', '=', 'Feliz aniversário!')
        .execute()
    ).map((n) => n.texto)
  const aniversarioDe = async (d: Parameters<typeof privado>[0]) => (await privado(d)).user.data.aniversario

  it('is set by an admin, checked and audited; none is given while none is set or it is off', async () => {
    const ana = await cliente()
    await nascido(ana.id, '1990-11-22')
    await atribuir()
    expect(await avisos(ana.id)).toEqual([])

    const erros = await definir({ ...BOLO, validade_dias: 61, valor: 0 })
    expect(erros.statusCode).toBe(400)
    expect(erros.json().error.fields).toMatchObject({
      validade_dias: aniversarioMensagens.validade,
      valor: expect.any(String),
    })
    // A store's account may not set it.
    const caixa = await signedInAdmin(t, 'caixa-aniversarios@exemplo.pt', 'loja', { clock: scene.clock, idLoja: 862 })
    expect((await definir(BOLO, caixa)).statusCode).toBe(403)

    const desligado = await definir({ ...BOLO, ativo: false })
    expect(desligado.statusCode, desligado.body).toBe(200)
    await atribuir()
    expect(await avisos(ana.id)).toEqual([])

    const ligado = await definir(BOLO)
    expect(ligado.json().data.atual).toMatchObject({ nome: 'Bolo de aniversário', ativo: true, validade_dias: 7 })
    expect((await c.call(admin, 'GET', '/definicoes/premio-aniversario')).json().data.atual).toMatchObject({
      valor: 300,
    })
    const entradas = await c.auditoria('definicoes.premio_aniversario')
    expect(entradas).toHaveLength(2)
  })

  it('is given on the birthday once a year, told once, even by runs at the same time', async () => {
    expect((await definir(BOLO)).statusCode).toBe(200)
    const ana = await cliente('912345678')
    const rui = await cliente('912345679')
    const eva = await cliente('912345670')
    await nascido(ana.id, '1990-11-22')
    await nascido(rui.id, '1985-11-23')
    await nascido(eva.id, '2000-11-22')
    // A registration not complete gets none (spec §1: benefits only with a complete one).
    await t.database.db
      .updateTable('utilizadores')
      .set({ registo_completo_em: null })
      .where('id', '=', eva.id)
      .execute()

    // Runs at once (two processes): the unique key gives one, and one notification.
    const rondas = await Promise.all([
      t.api('POST', '/api/dev/aniversarios', { agora: '2026-11-22T10:00:00.000Z' }),
      t.api('POST', '/api/dev/aniversarios', { agora: '2026-11-22T10:00:00.000Z' }),
      atribuir(),
    ])
    expect(rondas[0].statusCode, rondas[0].body).toBe(200)
    expect(rondas[0].json().data.dados + rondas[1].json().data.dados).toBeLessThanOrEqual(1)
    await atribuir()
    expect(await avisos(ana.id)).toEqual([
      `Tem um prémio de aniversário: Bolo de aniversário (${formatMoney(300)} de desconto). Use-o na loja ou ao encomendar até 29/11/2026.`,
    ])
    expect(await avisos(rui.id)).toEqual([])
    expect(await avisos(eva.id)).toEqual([])
    const linhas = await t.database.db.selectFrom('premios_aniversario').selectAll().execute()
    expect(linhas.map((l) => [l.utilizador_id, l.ano, l.valido_de, l.valido_ate])).toEqual([
      [ana.id, 2026, '2026-11-22', '2026-11-29'],
    ])

    // The card and the till say it.
    expect(await aniversarioDe(ana.d)).toMatchObject({
      nome: 'Bolo de aniversário',
      valor: 300,
      valido_ate: '2026-11-29',
    })
    expect(await aniversarioDe(rui.d)).toBeNull()
    const identificado = await loja('POST', '/clientes/identificar', { qr: ana.qr })
    expect(identificado.json().data.cliente.aniversario).toMatchObject({ nome: 'Bolo de aniversário', tipo: 'valor' })

    // The next day: Rui's turn; Ana gets no second one.
    scene.clock.advance(DAY)
    await atribuir()
    expect(await avisos(rui.id)).toHaveLength(1)
    expect(await avisos(ana.id)).toHaveLength(1)
    // A birth date moved to today does not give a second reward in the same year.
    await nascido(ana.id, '1990-11-23')
    await atribuir()
    expect(await avisos(ana.id)).toHaveLength(1)
    expect(await t.database.db.selectFrom('premios_aniversario').select('id').execute()).toHaveLength(2)
  })

  it('is used by one till purchase under concurrent requests, given back by its full refund, and ends', async () => {
    expect((await definir(BOLO)).statusCode).toBe(200)
    const ana = await cliente()
    await nascido(ana.id, '1990-11-22')
    await atribuir()
    const compra = async (extra: Record<string, unknown> = {}, identificacao?: string | null) =>
      loja('POST', '/compras', {
        cliente_id: ana.id,
        identificacao: identificacao === null ? undefined : (identificacao ?? (await prova(ana.id))),
        total: 1000,
        saldo_a_usar: 0,
        usar_premio_aniversario: 1,
        referencia: `FT ${Math.random()}`,
        ...extra,
      })

    // Spending needs the customer identified; it is used on its own.
    expect((await compra({}, null)).statusCode).toBe(403)
    const comItens = await compra({ itens_a_redimir: 1 })
    expect(comItens.statusCode).toBe(422)
    expect(comItens.json().error.fields).toEqual({ usar_premio_aniversario: aniversarioMensagens.outraCompra })

    const [a, b] = await Promise.all([compra(), compra()])
    const estados = [a.statusCode, b.statusCode].sort()
    expect(estados).toEqual([201, 409])
    const usada = (a.statusCode === 201 ? a : b).json().data.transacao
    expect(usada).toMatchObject({
      subtotal: 1000,
      desconto: 300,
      valor_pago: 700,
      itens_redimidos: 0,
      pontos_ganhos: 7,
      premios: [{ nome: 'Bolo de aniversário', tipo: 'valor', valor: 300 }],
    })
    expect((a.statusCode === 409 ? a : b).json().error.message).toBe(aniversarioMensagens.semAniversario)
    expect(await aniversarioDe(ana.d)).toBeNull()
    const linha = await t.database.db.selectFrom('premios_aniversario').selectAll().executeTakeFirstOrThrow()
    expect(linha.transacao_id).toBe(usada.id)
    // Told, as every use of what is the customer's (a use they did not make cannot go unnoticed).
    const avisosDaConta = () =>
      t.database.db
        .selectFrom('notificacoes')
        .select(['titulo', 'texto'])
        .where('utilizador_id', '=', ana.id)
        .orderBy('id')
        .execute()
    const [usou] = (await avisosDaConta()).filter((n) => n.titulo.startsWith('Usou'))
    expect(usou?.titulo).toMatch(/^Usou o prémio de aniversário \(Bolo de aniversário\) na /)
    expect(usou?.texto).toContain('Se não foi o próprio')

    // A partial refund keeps it spent; the rest of the refund gives it back.
    const parcial = await loja('POST', `/compras/${usada.id}/devolucoes`, { valor: 200 })
    expect(parcial.statusCode, parcial.body).toBe(201)
    expect(await aniversarioDe(ana.d)).toBeNull()
    expect((await loja('POST', `/compras/${usada.id}/devolucoes`, { valor: 500 })).statusCode).toBe(201)
    expect(await aniversarioDe(ana.d)).toMatchObject({ nome: 'Bolo de aniversário' })
    const devolucoes = (await avisosDaConta()).filter((n) => n.titulo.startsWith('Devolução'))
    expect(devolucoes.map((n) => n.texto.includes('o prémio de aniversário'))).toEqual([false, true])
    const { saldo, pontos } = (await privado(ana.d)).user.data
    expect({ saldo, pontos }).toEqual({ saldo: 0, pontos: 0 })

    // Past its last day it is gone: from the card, the till, a purchase.
    scene.clock.advance(8 * DAY)
    expect(await aniversarioDe(ana.d)).toBeNull()
    const fora = await compra()
    expect(fora.statusCode).toBe(409)
  })
})
