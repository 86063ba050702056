import type { AddressInfo } from 'node:net'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterEach, describe, expect, it } from 'vitest'
import type { EncomendaLoja } from '../../../shared/pedido.ts'
import { canais, createMemoryEventBus } from '../../platform/eventos.ts'
import { sseReader } from '../../testing/sse.ts'
import { lojaEncomendasRoutes } from './loja-encomendas-routes.ts'
import type { EncomendasService } from './service.ts'

const encomenda = (id: number): EncomendaLoja => ({
  id,
  codigo: String(id),
  estado: -1,
  criada_em: '2026-11-23T12:00:00.000Z',
  id_tipo_entrega: 0,
  nome: 'Ana',
  telemovel: '912345678',
  nif: null,
  linhas: [],
  total: 130,
  desconto: 0,
  desconto_premio: 0,
  valor_pago: 130,
  levantar_em: null,
  preparar_em: null,
  mesa: null,
  documentos: [],
  verificar_idade: false,
  embalagens: [],
  recipiente_proprio: false,
})

/** The store's board stream on its own, with a service that says what the test wants. */
describe("the store's order stream", () => {
  let app: FastifyInstance | undefined
  afterEach(async () => {
    await app?.close()
    app = undefined
  })

  async function abrir(pedidos: Partial<EncomendasService>) {
    // The board marks its store there as it connects and as it checks its key (cozinha.ts): counted here.
    const visto = { vezes: 0 }
    const cozinha = {
      painelVisto: async () => {
        visto.vezes++
      },
    } as unknown as EncomendasService['cozinha']
    const bus = createMemoryEventBus()
    const ouvintes = { ativos: 0 }
    const contado = {
      ...bus,
      subscribe(canal: string, ouvinte: Parameters<typeof bus.subscribe>[1]) {
        ouvintes.ativos++
        const parar = bus.subscribe(canal, ouvinte)
        return () => {
          ouvintes.ativos--
          parar()
        }
      },
    }
    const closing = new AbortController()
    app = Fastify()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    app.addHook('preClose', async () => closing.abort())
    await app.register(
      lojaEncomendasRoutes(
        { cozinha, ...pedidos } as EncomendasService,
        contado,
        closing.signal,
        () => ({ chaveId: 1, idLoja: 862 }),
        {
          verificarAcessoMs: 50,
        },
      ),
    )
    await app.listen({ port: 0, host: '127.0.0.1' })
    const res = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/encomendas/stream`)
    expect(res.status).toBe(200)
    return { ler: sseReader(res), bus, ouvintes, visto }
  }

  it("checks its key every so often, marking its store's board there each time, and ends once it is revoked", async () => {
    const acesso = { ativo: true, vezes: 0 }
    const { ler, bus, ouvintes, visto } = await abrir({
      listarLoja: async () => [encomenda(1)],
      daLoja: async (_idLoja, id) => encomenda(id),
      acessoAtivo: async () => {
        acesso.vezes++
        return acesso.ativo
      },
    })
    expect(await ler.next('encomenda')).toMatchObject({ id: 1 })
    bus.publish(canais.loja(862), { tipo: 'encomenda', id: 2 })
    expect(await ler.next('encomenda')).toMatchObject({ id: 2 })
    expect(await ler.ended(200)).toBe(false)
    expect(acesso.vezes).toBeGreaterThan(2)
    // On connecting, and at each check that found the key still valid.
    expect(visto.vezes).toBeGreaterThan(acesso.vezes)
    // Revoked, with no event to come: the periodic check ends it, and marks nothing more.
    const vistoAntes = visto.vezes
    acesso.ativo = false
    expect(await ler.ended(1000)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(ouvintes.ativos).toBe(0)
    // A revoked key's stream is no board: the check that found it revoked marked nothing, nor did any after.
    await new Promise((resolve) => setTimeout(resolve, 150))
    // (One mark at most may have been on its way when the flag turned; marking without checking would make a dozen.)
    expect(visto.vezes).toBeLessThanOrEqual(vistoAntes + 1)
  })

  it('ends, and stops listening, when reading the open orders fails', async () => {
    const { ler, ouvintes } = await abrir({
      listarLoja: async () => {
        throw new Error('database gone')
      },
      acessoAtivo: async () => true,
    })
    expect(await ler.ended(1000)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(ouvintes.ativos).toBe(0)
  })

  it("sends an order's changes in the order they happened, however long each read takes", async () => {
    // What the database holds now; the first read of it is slow (as a busy pool on PostgreSQL may be).
    const agora = { estado: -1 as -1 | 1 | 2, leituras: 0 }
    const { ler, bus } = await abrir({
      listarLoja: async () => [],
      acessoAtivo: async () => true,
      daLoja: async (_idLoja, id) => {
        const lida = { ...encomenda(id), estado: agora.estado }
        if (agora.leituras++ === 0) await new Promise((resolve) => setTimeout(resolve, 150))
        return lida
      },
    })
    agora.estado = 1
    bus.publish(canais.loja(862), { tipo: 'encomenda', id: 7 })
    await new Promise((resolve) => setTimeout(resolve, 20))
    agora.estado = 2
    bus.publish(canais.loja(862), { tipo: 'encomenda', id: 7 })
    expect(await ler.next('encomenda')).toMatchObject({ id: 7, estado: 1 })
    // The board ends on the newest state, not on the older one that took longer to read.
    expect(await ler.next('encomenda')).toMatchObject({ id: 7, estado: 2 })
  })
})
