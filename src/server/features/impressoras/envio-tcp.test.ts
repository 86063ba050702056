import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { enviarPorTcp } from './envio-tcp.ts'
import { type ImpressoraDeTeste, startImpressora } from './testing.ts'

const LIMITES = { ligarMs: 500, escreverMs: 1000 }
const BYTES = new TextEncoder().encode('\x1b@PEDIDO 1\n\x1dV\x00')

/**
 * The raw TCP send (ESC/POS's port 9100), against local servers: what a printer that takes the bytes, one that is off,
 * one that drops the connection and a job no longer this sender's each end in. No byte goes before the job is marked.
 */
describe('sending a ticket over TCP', () => {
  let impressora: ImpressoraDeTeste | undefined
  afterEach(async () => {
    await impressora?.desligar()
    impressora = undefined
  })

  it('prints: every byte reaches the printer, after the job was marked', async () => {
    impressora = await startImpressora()
    const marcas: number[] = []
    const r = await enviarPorTcp({ endereco: '127.0.0.1', porta: impressora.porta }, BYTES, LIMITES, async () => {
      marcas.push(impressora?.recebidos.length ?? -1)
      return true
    })
    expect(r).toEqual({ tipo: 'impresso' })
    expect(marcas).toEqual([0])
    expect(impressora.recebidos).toEqual([Buffer.from(BYTES)])
  })

  it('says a printer that refuses the connection has none, without asking to mark the job', async () => {
    impressora = await startImpressora()
    const porta = impressora.porta
    await impressora.desligar()
    let marcado = false
    const r = await enviarPorTcp({ endereco: '127.0.0.1', porta }, BYTES, LIMITES, async () => {
      marcado = true
      return true
    })
    expect(r).toEqual({ tipo: 'sem-ligacao', erro: 'ECONNREFUSED' })
    expect(marcado).toBe(false)
  })

  it('sends nothing for a job that is no longer this sender’s', async () => {
    impressora = await startImpressora()
    const r = await enviarPorTcp({ endereco: '127.0.0.1', porta: impressora.porta }, BYTES, LIMITES, async () => false)
    expect(r).toEqual({ tipo: 'largado' })
    // The connection it opened carried nothing.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(impressora.recebidos.every((b) => b.length === 0)).toBe(true)
  })

  it('says a printer that dropped the connection while the job was being marked sent nothing', async () => {
    const server = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const porta = typeof address === 'object' && address ? address.port : 0
    try {
      const r = await enviarPorTcp({ endereco: '127.0.0.1', porta }, BYTES, LIMITES, async () => {
        await new Promise((resolve) => setTimeout(resolve, 100))
        return true
      })
      expect(r).toMatchObject({ tipo: 'sem-ligacao', marcado: true })
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('gives up on a printer that does not answer in time', async () => {
    // A printer that takes the connection and never reads nor closes, its buffers filled: the write cannot finish.
    const server = createServer((socket) => socket.pause())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const porta = typeof address === 'object' && address ? address.port : 0
    try {
      const grande = new Uint8Array(64 * 1024 * 1024)
      const r = await enviarPorTcp({ endereco: '127.0.0.1', porta }, grande, LIMITES, async () => true)
      expect(r).toEqual({ tipo: 'incerto', erro: 'a impressora não recebeu a tempo' })
    } finally {
      server.close()
    }
  })
})
