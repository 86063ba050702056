import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import type { Notificacao } from '../../shared/notificacoes.ts'
import { comLeitura, leituraAoSair, NOTIFICACOES_KEY, naoLidas } from './notificacoes.ts'

const n = (id: number, read = false): Notificacao => ({
  id,
  timestamp: 1_764_000_000 + id,
  titulo: `N${id}`,
  texto: '<p>x</p>',
  read,
  ligacao: null,
})

describe('what is unread', () => {
  it("a guest's list is read against the newest id this device saw; a customer's is as the server says", () => {
    const lista = [n(5), n(3), n(1)]
    expect(comLeitura(lista, true, 3).map((x) => x.read)).toEqual([false, true, true])
    expect(comLeitura(lista, true, 0).map((x) => x.read)).toEqual([false, false, false])
    expect(comLeitura([n(2, true), n(1)], false, 99).map((x) => x.read)).toEqual([true, false])
  })

  it('counts the unread, and nothing before the list arrives', () => {
    expect(naoLidas([n(3), n(2, true), n(1)])).toBe(2)
    expect(naoLidas(undefined)).toBe(0)
  })
})

describe('leaving the notifications screen', () => {
  const document = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState })
  const window = new EventTarget()
  let fetch: Mock<typeof globalThis.fetch>
  let queryClient: QueryClient

  beforeEach(() => {
    document.visibilityState = 'visible'
    vi.stubGlobal('document', document)
    vi.stubGlobal('window', window)
    fetch = vi.fn(async () => Response.json({ data: { ok: true } }))
    vi.stubGlobal('fetch', fetch)
    queryClient = new QueryClient()
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  const ocultar = () => {
    document.visibilityState = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
  }
  const mostrar = () => {
    document.visibilityState = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
  }
  const fecharPagina = () => window.dispatchEvent(new Event('pagehide'))
  const pedidos = () => fetch.mock.calls.map(([url, init]) => ({ url, ...init }))

  it('hidden then unloaded (the app closed), marks what it showed read once, with a request that outlives the page', () => {
    const leitura = leituraAoSair(queryClient)
    queryClient.setQueryData([...NOTIFICACOES_KEY, 12], [n(7), n(5, true)])
    leitura.mostrou([n(7), n(5, true)], false)
    ocultar()
    fecharPagina()
    expect(pedidos()).toEqual([
      expect.objectContaining({
        url: '/api/notificacoes/lidas',
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: expect.objectContaining({ 'X-Api-Version': API_VERSION }),
        body: JSON.stringify({ ate: 7 }),
      }),
    ])
    // The header's count clears at once.
    expect(queryClient.getQueryData<Notificacao[]>([...NOTIFICACOES_KEY, 12])?.every((x) => x.read)).toBe(true)
    leitura.sair()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('unloaded without being hidden first (another address typed, back to another site), marks them too', () => {
    const leitura = leituraAoSair(queryClient)
    leitura.mostrou([n(3)], false)
    mostrar()
    expect(fetch).not.toHaveBeenCalled()
    fecharPagina()
    expect(pedidos()).toEqual([expect.objectContaining({ keepalive: true, body: JSON.stringify({ ate: 3 }) })])
    leitura.sair()
  })

  it('sends nothing when nothing was unread, or nothing was shown', () => {
    const vazia = leituraAoSair(queryClient)
    ocultar()
    fecharPagina()
    vazia.sair()
    const lida = leituraAoSair(queryClient)
    lida.mostrou([n(4, true), n(2, true)], false)
    ocultar()
    fecharPagina()
    lida.sair()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('one that arrives after the page came back is marked when the screen is left again, for another screen', () => {
    const leitura = leituraAoSair(queryClient)
    leitura.mostrou([n(7)], false)
    ocultar()
    mostrar()
    leitura.mostrou([n(9), n(7, true)], false)
    leitura.sair()
    // Gone from the page: its events no longer send anything.
    fecharPagina()
    expect(pedidos().map((p) => p.body)).toEqual([JSON.stringify({ ate: 7 }), JSON.stringify({ ate: 9 })])
  })

  it("a guest's reading stays on the device: no request", () => {
    const leitura = leituraAoSair(queryClient)
    leitura.mostrou([n(5)], true)
    fecharPagina()
    leitura.sair()
    expect(fetch).not.toHaveBeenCalled()
  })
})
