import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mesmaChave } from './push.ts'

/**
 * The push service worker (public/push-sw.js) as the browser runs it: its `notificationclick` handler, against a
 * stand-in for the worker's `self` (its clients and their windows).
 */
type Janela = { url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }

describe('a tap on a notification (push-sw.js)', () => {
  const origem = 'https://balcao.test'
  let handlers: Map<string, (event: unknown) => void>
  let janelas: Janela[]
  let abertas: string[]
  let pedidos: unknown[]

  beforeEach(async () => {
    handlers = new Map()
    janelas = []
    abertas = []
    pedidos = []
    vi.stubGlobal('self', {
      location: { origin: origem },
      addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
      registration: { showNotification: async () => {} },
      clients: {
        matchAll: async (options: unknown) => {
          pedidos.push(options)
          return janelas
        },
        openWindow: async (url: string) => {
          abertas.push(url)
          return null
        },
      },
    })
    vi.resetModules()
    // @ts-expect-error: the worker's script is plain JavaScript with no types; it only adds its listeners to `self`.
    await import('../public/push-sw.js')
  })
  afterEach(() => vi.unstubAllGlobals())

  async function tocar(ligacao: unknown) {
    let trabalho: Promise<unknown> = Promise.resolve()
    handlers.get('notificationclick')?.({
      notification: { close() {}, data: { ligacao } },
      waitUntil(p: Promise<unknown>) {
        trabalho = p
      },
    })
    await trabalho
  }

  const janela = (navigate: Janela['navigate']): Janela & { focada: number } => {
    const j = {
      url: `${origem}/fidelizacao`,
      focada: 0,
      async focus() {
        j.focada++
        return j
      },
      navigate,
    }
    return j
  }

  it("sends the app's open window to the notification's screen, and brings it forward", async () => {
    const destinos: string[] = []
    const j = janela(async (url) => {
      destinos.push(url)
      return j
    })
    janelas.push(j)
    await tocar('/carrinho/confirmado?encomenda=7')
    expect(destinos).toEqual([`${origem}/carrinho/confirmado?encomenda=7`])
    expect(j.focada).toBe(1)
    expect(abertas).toEqual([])
    // Only windows this worker controls: another one would refuse to be sent anywhere.
    expect(pedidos).toEqual([{ type: 'window' }])
  })

  it('opens the screen in a new window when the open one refuses to navigate, rather than doing nothing', async () => {
    janelas.push(
      janela(async () => {
        throw new TypeError('This service worker is not the client’s active service worker.')
      }),
    )
    await tocar('/carrinho/confirmado?encomenda=7')
    expect(abertas).toEqual([`${origem}/carrinho/confirmado?encomenda=7`])
  })

  it('opens a window when none is open, and never a page of another site', async () => {
    await tocar('//outro.example/x')
    await tocar('https://outro.example/x')
    expect(abertas).toEqual([`${origem}/notificacoes`, `${origem}/notificacoes`])
  })
})

describe('mesmaChave (was the subscription made with the server’s current key?)', () => {
  it('compares the subscription’s key bytes with the base64url key', () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 11 + 4) % 256)
    const texto = Buffer.from(bytes).toString('base64url')
    expect(mesmaChave(bytes.buffer, texto)).toBe(true)
    const outra = bytes.slice()
    outra[64] = (outra[64] ?? 0) ^ 1
    expect(mesmaChave(outra.buffer, texto)).toBe(false)
    expect(mesmaChave(bytes.slice(1).buffer, texto)).toBe(false)
    // A browser that does not say which key it used: the subscription is kept (no new push address every visit).
    expect(mesmaChave(null, texto)).toBe(true)
  })
})
