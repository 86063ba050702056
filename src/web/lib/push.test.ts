import { describe, expect, it } from 'vitest'
import { chaveAplicacao } from './push.ts'

describe('chaveAplicacao (the VAPID key as PushManager wants it)', () => {
  it('reads base64url without padding into the key’s 65 bytes', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 4) % 256)
    const texto = Buffer.from(bytes).toString('base64url')
    expect(texto).not.toContain('=')
    expect([...chaveAplicacao(texto)]).toEqual([...bytes])
    expect(chaveAplicacao(texto).byteLength).toBe(65)
  })
})
