import { beforeEach, describe, expect, it } from 'vitest'
import { pedidoDeTeste } from '../../testing/ementa.ts'
import { ementaCompleta } from '../../testing/ementa-completa.ts'
import type { TestApp } from '../../testing/harness.ts'
import { testDialects } from '../../testing/harness.ts'
import { setupImpressoras } from '../../testing/impressoras.ts'
import { NUNCA } from './repository.ts'
import { IMPRESSAO_DESISTIR_MS, IMPRESSAO_ESPERA_MS, IMPRESSAO_RECLAMACAO_MS } from './service.ts'
import { type ImpressoraDeTeste, lerTalao } from './testing.ts'

/** A half-portion Bitoque with an extra, an option and a note, and two soups: allergens, traces, accents. */
const CARRINHO = [
  { id: '3002', qtd: 1, complementares: ['E1'], opcoes: ['P1'], porcao: 'meia', observacoes: 'Sem cebola, por favor' },
  { id: '3001', qtd: 2 },
]

/**
 * The kitchen printer (decision 0043): a paid order of a store with a printer prints one ticket, through a real TCP
 * server standing in for the printer; a printer that is off gets it once it is back, exactly once; a ticket whose bytes
 * may have gone is never sent again by itself; a reprint prints once more; a store without a printer gets nothing.
 */
describe.each(testDialects())('the kitchen printer on %s', (dialect) => {
  const scene = setupImpressoras(dialect)
  const { finalizar, pagamentos, responder, clock, trabalhos, despachar, painel, estado, reimprimir } = scene
  let t: TestApp
  let impressora: ImpressoraDeTeste

  beforeEach(async () => {
    t = scene.t
    impressora = scene.impressora
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${scene.chaveLoja}` },
      payload: ementaCompleta(),
    })
    expect(res.statusCode, res.body).toBe(200)
  })

  /** An order placed and paid through the sandbox's phone: its id. */
  const pagar = (chave: string, over: Record<string, unknown> = {}) =>
    scene.pagar(chave, pedidoDeTeste({ cart: CARRINHO, nome: 'João Conceição', id_tipo_entrega: 1, ...over }))

  it("prints a paid order's ticket once: number, name, pick-up time on the store's clock, lines, notes, allergens, age check, cut", async () => {
    const res = await finalizar(pedidoDeTeste({ cart: CARRINHO, nome: 'João Conceição', id_tipo_entrega: 1 }), 'k1')
    expect(res.statusCode, res.body).toBe(201)
    // Not paid yet: nothing to print.
    expect(await trabalhos()).toEqual([])
    const pendente = (await pagamentos()).find((p: { estado: string }) => p.estado === 'pendente')
    expect((await responder(pendente.id, 'aprovar')).statusCode).toBe(200)
    const id = res.json().data.orderData.orderId as number
    expect(await trabalhos()).toMatchObject([
      { encomenda_id: id, id_loja: 862, motivo: 'encomenda', estado: 'pendente' },
    ])

    // What the other parts of ordering set (a pick-up time, its 25 minutes of preparation, a line for adults only),
    // and an Azores store's clock.
    await t.database.db
      .updateTable('encomendas')
      .set({ levantar_em: '2026-11-23T14:45:00.000Z', minutos: 25, verificar_idade: 1 })
      .where('id', '=', id)
      .execute()
    await t.database.db.updateTable('lojas').set({ regiao: 'acores' }).where('id_loja', '=', 862).execute()

    expect(await despachar()).toBe(1)
    expect(impressora.recebidos).toHaveLength(1)
    const talao = lerTalao(impressora.recebidos[0] as Buffer)
    expect(talao).toMatchObject({ inicializado: true, cortado: true, paginas: [3] })
    expect(talao.linhas.map((l) => l.trim()).filter(Boolean)).toEqual([
      `PEDIDO ${id}`,
      '-'.repeat(48),
      'João Conceição',
      'Levantar às 13:45',
      // For later: when the kitchen starts it (14:20 UTC, its pick-up time less its preparation).
      'PARA MAIS TARDE - começar às 13:20',
      'COMER NA LOJA',
      'VERIFICAR IDADE',
      '-'.repeat(48),
      '1 x Bitoque - Meia dose',
      '+ Ovo a cavalo',
      'Mal passado',
      'Nota: Sem cebola, por favor',
      '! ALERGÉNIOS: Glúten, Ovos, Leite',
      '! Pode conter: Mostarda, Tremoço',
      '2 x Sopa de legumes',
      '! ALERGÉNIOS: Aipo',
      '-'.repeat(48),
      'Pedido feito às 11:00',
    ])
    // The cut is the last command: nothing printed after it.
    expect(talao.linhas.at(-1)).toBe('')
    expect(talao.destacadas).toEqual(
      expect.arrayContaining([
        `PEDIDO ${id}`,
        'João Conceição',
        'PARA MAIS TARDE - começar às 13:20',
        'VERIFICAR IDADE',
        'Nota: Sem cebola, por favor',
      ]),
    )
    expect(await trabalhos()).toMatchObject([{ estado: 'impresso', tentativas: 1, erro: null }])

    // Never twice: later rounds find nothing due.
    clock.advance(IMPRESSAO_RECLAMACAO_MS * 2)
    expect(await despachar()).toBe(0)
    expect(impressora.recebidos).toHaveLength(1)
    expect(impressora.ligacoes).toBe(1)
  })

  it("says the table of an order made from one, and 'O mais cedo possível' without a pick-up time; take-away too", async () => {
    const mesa = await pagar('m1')
    await t.database.db.updateTable('encomendas').set({ mesa: 7 }).where('id', '=', mesa).execute()
    const cedo = await pagar('m2', { id_tipo_entrega: 0, nome: 'Inês' })
    // A pick-up time whose preparation should have started already (11:55 UTC): due now, not for later.
    const jaDevida = await pagar('m3')
    await t.database.db
      .updateTable('encomendas')
      .set({ levantar_em: '2026-11-23T12:15:00.000Z', minutos: 20 })
      .where('id', '=', jaDevida)
      .execute()
    expect(await despachar()).toBe(3)
    const [primeiro, segundo, terceiro] = impressora.recebidos.map((b) => lerTalao(b).linhas.map((l) => l.trim()))
    expect(primeiro).toEqual(expect.arrayContaining([`PEDIDO ${mesa}`, 'Mesa 7', 'COMER NA LOJA']))
    expect(primeiro).not.toContain('VERIFICAR IDADE')
    expect(segundo).toEqual(expect.arrayContaining([`PEDIDO ${cedo}`, 'Inês', 'O mais cedo possível', 'TAKE-AWAY']))
    expect(terceiro).toEqual(expect.arrayContaining([`PEDIDO ${jaDevida}`, 'Levantar às 12:15']))
    for (const linhas of [primeiro, segundo, terceiro]) {
      expect(linhas?.some((l) => l.startsWith('PARA MAIS TARDE'))).toBe(false)
    }
  })

  it("says a product's allergens are unknown when its menu does not say them, rather than print nothing", async () => {
    // 'Arroz de marisco': allergens never filled in by the POS; the soup's are.
    const id = await pagar('a1', {
      cart: [
        { id: '3003', qtd: 1 },
        { id: '3001', qtd: 1 },
      ],
    })
    expect(await despachar()).toBe(1)
    expect(lerTalao(impressora.recebidos[0] as Buffer).linhas.map((l) => l.trim())).toEqual(
      expect.arrayContaining([
        `PEDIDO ${id}`,
        '1 x Arroz de marisco',
        '! Alergénios: sem informação',
        '1 x Sopa de legumes',
        '! ALERGÉNIOS: Aipo',
      ]),
    )

    // The menu gone since (or unreadable): every line's allergens unknown, none said to be absent.
    await t.database.db.deleteFrom('ementas').where('id_loja', '=', 862).execute()
    const sessao = await painel()
    expect((await reimprimir(sessao, id, 'a2')).statusCode).toBe(200)
    expect(await despachar()).toBe(1)
    const reimpresso = lerTalao(impressora.recebidos[1] as Buffer).linhas.map((l) => l.trim())
    expect(reimpresso.filter((l) => l.startsWith('!'))).toEqual([
      '! Alergénios: sem informação',
      '! Alergénios: sem informação',
    ])
  })

  it('gives a store without a printer no job, and its board shows nothing of one', async () => {
    await t.database.db
      .updateTable('lojas')
      .set({ impressora_endereco: null, impressora_porta: null })
      .where('id_loja', '=', 862)
      .execute()
    await pagar('s1')
    expect(await trabalhos()).toEqual([])
    expect(await despachar()).toBe(0)
    expect(impressora.ligacoes).toBe(0)
    expect(await estado(await painel())).toEqual({
      configurada: false,
      sem_ligacao_desde: null,
      em_espera: 0,
      por_imprimir: [],
    })
  })

  it('tries a printer that is off again with a backoff, and prints the ticket exactly once when it is back', async () => {
    const sessao = await painel()
    await impressora.desligar()
    const id = await pagar('d1')
    const falhou = clock.now().toISOString()
    expect(await despachar()).toBe(0)
    expect(await trabalhos()).toMatchObject([{ estado: 'pendente', tentativas: 1, falhou_em: falhou }])
    expect((await trabalhos())[0]?.erro).toBe('ECONNREFUSED')
    expect(await estado(sessao)).toMatchObject({ configurada: true, sem_ligacao_desde: falhou, em_espera: 1 })

    // Back on, but not due before its wait: not tried yet.
    await impressora.ligar()
    expect(await despachar()).toBe(0)
    expect(impressora.ligacoes).toBe(0)
    clock.advance(IMPRESSAO_ESPERA_MS)
    expect(await despachar()).toBe(1)
    expect(impressora.recebidos).toHaveLength(1)
    expect(lerTalao(impressora.recebidos[0] as Buffer).linhas).toContain(`PEDIDO ${id}`.padStart(24, ' '))
    for (let i = 0; i < 3; i++) {
      clock.advance(IMPRESSAO_DESISTIR_MS)
      await despachar()
    }
    expect(impressora.recebidos).toHaveLength(1)
    expect(await trabalhos()).toMatchObject([{ estado: 'impresso', tentativas: 2 }])
    expect(await estado(sessao)).toMatchObject({ sem_ligacao_desde: null, em_espera: 0, por_imprimir: [] })
  })

  it('sends the tickets waiting after a failure in the next round once another prints: the printer is back', async () => {
    await impressora.desligar()
    const primeira = await pagar('v1')
    expect(await despachar()).toBe(0)
    await impressora.ligar()
    // A new ticket prints at once; the one waiting its 15 s goes in the next round, not at the end of its wait.
    const segunda = await pagar('v2')
    expect(await despachar()).toBe(1)
    expect(await despachar()).toBe(1)
    expect(await despachar()).toBe(0)
    const codigos = impressora.recebidos.map((b) => lerTalao(b).linhas.map((l) => l.trim())[0])
    expect(codigos).toEqual([`PEDIDO ${segunda}`, `PEDIDO ${primeira}`])
  })

  it('gives a ticket up after 30 minutes of a printer that is off; the board says so, and a reprint prints it', async () => {
    const sessao = await painel()
    await impressora.desligar()
    const comeco = clock.now().toISOString()
    const id = await pagar('g1')
    // 15 s, 30 s, 1, 2, 4 minutes, then every 5, until 30 minutes have passed since it was queued.
    const esperas: number[] = []
    for (let i = 0; i < 20; i++) {
      await despachar()
      const [job] = await trabalhos()
      if (job?.estado !== 'pendente') break
      const espera = Date.parse(job.proxima_em) - clock.now().getTime()
      esperas.push(espera / 1000)
      clock.advance(espera)
    }
    expect(esperas).toEqual([15, 30, 60, 120, 240, 300, 300, 300, 300, 300])
    expect(await trabalhos()).toMatchObject([{ estado: 'desistido', proxima_em: NUNCA, tentativas: 11 }])
    const dadoPorPerdido = await estado(sessao)
    expect(dadoPorPerdido).toMatchObject({
      sem_ligacao_desde: comeco,
      em_espera: 0,
      por_imprimir: [{ encomenda: id, codigo: String(id), estado: 'desistido' }],
    })

    await impressora.ligar()
    const res = await reimprimir(sessao, id, 'r1')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ encomenda: id, em_espera: true })
    expect(await despachar()).toBe(1)
    expect(impressora.recebidos).toHaveLength(1)
    expect(lerTalao(impressora.recebidos[0] as Buffer).linhas.map((l) => l.trim())).toContain('*** REIMPRESSÃO ***')
    expect(await estado(sessao)).toMatchObject({ sem_ligacao_desde: null, em_espera: 0, por_imprimir: [] })
  })

  it('never sends again a ticket whose sender died after its bytes began to go: in doubt on the board until reprinted', async () => {
    const sessao = await painel()
    const id = await pagar('i1')
    // What a process leaves that marked the ticket as going out, wrote to the printer, and died before settling it.
    const [job] = await trabalhos()
    await t.database.db
      .updateTable('impressoes')
      .set({ estado: 'a-enviar', enviado_em: clock.now().toISOString(), proxima_em: NUNCA })
      .where('id', '=', job?.id ?? 0)
      .execute()
    expect(await despachar()).toBe(0)
    expect(await trabalhos()).toMatchObject([{ estado: 'a-enviar' }])
    // Its claim has run out: in doubt, not sent.
    clock.advance(IMPRESSAO_RECLAMACAO_MS + 1000)
    expect(await despachar()).toBe(0)
    expect(impressora.ligacoes).toBe(0)
    expect(await trabalhos()).toMatchObject([{ estado: 'incerto' }])
    expect((await estado(sessao)).por_imprimir).toEqual([expect.objectContaining({ encomenda: id, estado: 'incerto' })])
    clock.advance(IMPRESSAO_DESISTIR_MS)
    expect(await despachar()).toBe(0)
    expect(impressora.ligacoes).toBe(0)

    // Staff check the printer and reprint: once more, once.
    expect((await reimprimir(sessao, id, 'r2')).statusCode).toBe(200)
    expect(await despachar()).toBe(1)
    expect(await despachar()).toBe(0)
    expect(impressora.recebidos).toHaveLength(1)
    expect((await trabalhos()).map((j) => [j.motivo, j.estado])).toEqual([
      ['encomenda', 'incerto'],
      ['reimpressao', 'impresso'],
    ])
    expect((await estado(sessao)).por_imprimir).toEqual([])
  })

  it('sends a ticket whose sender died holding it before any byte went, once its claim has run out', async () => {
    await pagar('c1')
    const [job] = await trabalhos()
    // Claimed (its lease written), then the process stopped while connecting: nothing was marked or sent.
    const ate = new Date(clock.now().getTime() + IMPRESSAO_RECLAMACAO_MS).toISOString()
    await t.database.db
      .updateTable('impressoes')
      .set({ proxima_em: ate })
      .where('id', '=', job?.id ?? 0)
      .execute()
    expect(await despachar()).toBe(0)
    clock.advance(IMPRESSAO_RECLAMACAO_MS)
    expect(await despachar()).toBe(1)
    clock.advance(IMPRESSAO_RECLAMACAO_MS * 2)
    expect(await despachar()).toBe(0)
    expect(impressora.recebidos).toHaveLength(1)
  })

  it("keeps one ticket per order: the order's own is unique, reprints are not", async () => {
    const id = await pagar('u1')
    const agora = clock.now().toISOString()
    const linha = { encomenda_id: id, id_loja: 862, proxima_em: agora, criado_em: agora }
    await expect(
      t.database.db
        .insertInto('impressoes')
        .values({ ...linha, motivo: 'encomenda' })
        .execute(),
    ).rejects.toThrow(/unique/i)
    await t.database.db
      .insertInto('impressoes')
      .values([
        { ...linha, motivo: 'reimpressao' },
        { ...linha, motivo: 'reimpressao' },
      ])
      .execute()
    expect(await despachar()).toBe(3)
    expect(impressora.recebidos).toHaveLength(3)
  })
})
