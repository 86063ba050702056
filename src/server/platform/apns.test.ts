import { generateKeyPairSync } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { createServer, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { APNS_CA, startApnsServer } from '../testing/apns-server.ts'
import { createApnsSender } from './apns.ts'
import { systemClock } from './clock.ts'

const chave = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const base = {
  teamId: 'BALCAO1234',
  keyId: 'APNSKEY123',
  key: chave.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  topic: 'pass.pt.balcao.teste',
  ca: APNS_CA,
}

describe('APNs', () => {
  it('never waits on a server that takes the connection and says nothing: the push fails in time, the next reconnects', async () => {
    const sockets: Socket[] = []
    const mudo = createServer((s) => sockets.push(s))
    await new Promise<void>((resolve) => mudo.listen(0, '127.0.0.1', resolve))
    const { port } = mudo.address() as AddressInfo
    const apns = createApnsSender({ ...base, url: `https://127.0.0.1:${port}`, prazoMs: 300 }, systemClock)
    try {
      const inicio = Date.now()
      expect(await apns.enviar('ab'.repeat(32))).toEqual({ status: 0, motivo: 'sem resposta' })
      expect(Date.now() - inicio).toBeLessThan(3000)
      // A second push does not reuse the stuck session: it connects again (and fails in time again).
      expect((await apns.enviar('ab'.repeat(32))).status).toBe(0)
      expect(sockets.length).toBe(2)
    } finally {
      apns.close()
      for (const s of sockets) s.destroy()
      mudo.close()
    }
  })

  it('signs its provider token as APNs checks it, and reuses one connection', async () => {
    const servidor = await startApnsServer({
      publica: chave.publicKey,
      keyId: base.keyId,
      teamId: base.teamId,
      topic: base.topic,
    })
    const apns = createApnsSender({ ...base, url: servidor.url }, systemClock)
    try {
      expect(await apns.enviar('ab'.repeat(32))).toEqual({ status: 200, motivo: null })
      servidor.responder('cd'.repeat(32), 410, 'Unregistered')
      expect(await apns.enviar('cd'.repeat(32))).toEqual({ status: 410, motivo: 'Unregistered' })
      expect(servidor.recebidos).toHaveLength(1)
      expect(servidor.recusados).toEqual([])
      expect(servidor.sessoes()).toBe(1)
    } finally {
      apns.close()
      await servidor.fechar()
    }
  })
})
