import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { enviarPorTcp, ipPermitidoParaImpressora } from './envio-tcp.ts'
import { type ImpressoraDeTeste, startImpressora } from './testing.ts'

const LIMITES = { ligarMs: 500, escreverMs: 1000 }
/** The local servers standing in for printers listen on loopback, which only the tests allow. */
const LOCAL = { permitirLoopback: true }
const PRODUCAO = { permitirLoopback: false }
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
    const r = await enviarPorTcp(
      { endereco: '127.0.0.1', porta: impressora.porta },
      BYTES,
      LIMITES,
      async () => {
        marcas.push(impressora?.recebidos.length ?? -1)
        return true
      },
      LOCAL,
    )
    expect(r).toEqual({ tipo: 'impresso' })
    expect(marcas).toEqual([0])
    expect(impressora.recebidos).toEqual([Buffer.from(BYTES)])
  })

  it('says a printer that refuses the connection has none, without asking to mark the job', async () => {
    impressora = await startImpressora()
    const porta = impressora.porta
    await impressora.desligar()
    let marcado = false
    const r = await enviarPorTcp(
      { endereco: '127.0.0.1', porta },
      BYTES,
      LIMITES,
      async () => {
        marcado = true
        return true
      },
      LOCAL,
    )
    expect(r).toEqual({ tipo: 'sem-ligacao', erro: 'ECONNREFUSED' })
    expect(marcado).toBe(false)
  })

  it('sends nothing for a job that is no longer this sender’s', async () => {
    impressora = await startImpressora()
    const r = await enviarPorTcp(
      { endereco: '127.0.0.1', porta: impressora.porta },
      BYTES,
      LIMITES,
      async () => false,
      LOCAL,
    )
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
      let marcado = false
      const r = await enviarPorTcp(
        { endereco: '127.0.0.1', porta },
        BYTES,
        LIMITES,
        async () => {
          await new Promise((resolve) => setTimeout(resolve, 100))
          marcado = true
          return true
        },
        LOCAL,
      )
      expect(r).toEqual({ tipo: 'sem-ligacao', erro: expect.any(String) })
      expect(marcado).toBe(true)
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
      const r = await enviarPorTcp({ endereco: '127.0.0.1', porta }, grande, LIMITES, async () => true, LOCAL)
      expect(r).toEqual({ tipo: 'incerto', erro: 'a impressora não recebeu a tempo' })
    } finally {
      server.close()
    }
  })

  it('refuses a name that resolves to this machine, connecting to nothing, unless loopback is allowed', async () => {
    impressora = await startImpressora()
    let marcado = false
    const antesDeEscrever = async () => {
      marcado = true
      return true
    }
    const destino = { endereco: 'localhost', porta: impressora.porta }
    const r = await enviarPorTcp(destino, BYTES, LIMITES, antesDeEscrever, PRODUCAO)
    expect(r).toEqual({
      tipo: 'recusado',
      erro: expect.stringMatching(/^endereço da impressora não permitido: .+ \(localhost\)$/),
    })
    // The sender's default is production's: loopback refused.
    expect(await enviarPorTcp(destino, BYTES, LIMITES, antesDeEscrever)).toEqual(r)
    expect(marcado).toBe(false)
    expect(impressora.ligacoes).toBe(0)
    // An address written as such is checked too, and nothing is connected to.
    const metadados = await enviarPorTcp({ endereco: '169.254.169.254', porta: 80 }, BYTES, LIMITES, antesDeEscrever)
    expect(metadados).toEqual({ tipo: 'recusado', erro: 'endereço da impressora não permitido: 169.254.169.254' })
    // The tests' own printer, by its name: connected to by the address checked, 127.0.0.1.
    expect(await enviarPorTcp(destino, BYTES, LIMITES, antesDeEscrever, LOCAL)).toEqual({ tipo: 'impresso' })
    expect(impressora.recebidos).toEqual([Buffer.from(BYTES)])
  })

  it('tries again later a name that does not resolve: nothing went', async () => {
    const r = await enviarPorTcp({ endereco: 'impressora.invalid', porta: 9100 }, BYTES, LIMITES, async () => true)
    expect(r).toEqual({ tipo: 'sem-ligacao', erro: expect.any(String) })
  })
})

describe('the addresses a printer may resolve to', () => {
  it.each([
    ['192.168.1.50', true],
    ['10.0.0.7', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['0.0.0.0', false],
    ['169.254.169.254', false],
    ['224.0.0.1', false],
    ['2001:db8::50', true],
    ['fd12:3456::7', true],
    ['::1', false],
    ['::', false],
    ['0:0:0:0:0:0:0:1', false],
    ['fe80::1', false],
    ['fe80::1%eth0', false],
    ['febf::1', false],
    ['ff02::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:169.254.169.254', false],
    ['::ffff:192.168.1.50', true],
    ['localhost', false],
  ])('%s: %s', (ip, permitido) => {
    expect(ipPermitidoParaImpressora(ip, PRODUCAO)).toBe(permitido)
  })

  it('takes loopback only when allowed, and nothing else with it', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(ipPermitidoParaImpressora(ip, LOCAL)).toBe(true)
    }
    for (const ip of ['169.254.169.254', '0.0.0.0', '::', 'fe80::1', 'ff02::1', '::ffff:169.254.1.1']) {
      expect(ipPermitidoParaImpressora(ip, LOCAL)).toBe(false)
    }
  })
})
