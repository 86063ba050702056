import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type LojaEscolhida, SEM_LOJA } from '../../shared/page-data.ts'
import { paths } from '../../shared/routes.ts'
import type { Loadable } from '../lib/routing.tsx'
import { routes } from './router.tsx'
import type { RouteHandle } from './Shell.tsx'

/** Each param of a pattern given a value of its own name. */
const paramsOf = (pattern: string) =>
  Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name as string, `${name}-x`]))

function prefetchedKeys(route: RouteObject, loja: LojaEscolhida = SEM_LOJA): unknown[] {
  const keys: unknown[] = []
  const queryClient = {
    prefetchQuery: async ({ queryKey }: { queryKey: unknown }) => {
      keys.push(queryKey)
    },
  } as unknown as QueryClient
  void (route.handle as Loadable | undefined)?.prefetch?.(queryClient, paramsOf(route.path ?? ''), loja)
  return keys
}

/**
 * The reads each screen declares: the server renders the page with them and puts them in it (entry-server.tsx), and the
 * browser starts them with the screen's chunk. Under their API paths (lib/query.tsx `pathKey`), the keys the screens'
 * hooks read: a read under another key would be asked for again.
 */
const DECLARED_READS: Record<string, string[]> = {
  [paths.home]: ['/api/novidades'],
  [paths.novidades]: ['/api/novidades'],
  [paths.novidade]: ['/api/novidades/novidade-x'],
  [paths.campanhas]: ['/api/campanhas'],
  [paths.campanha]: ['/api/campanhas/campanha-x'],
  [paths.restaurantes]: ['/api/restaurantes'],
  [paths.restaurante]: ['/api/restaurantes/restaurante-x'],
  [paths.loja]: ['/api/restaurantes/restaurante-x/lojas/loja-x'],
  [paths.mapa]: ['/api/restaurantes/restaurante-x/lojas/loja-x'],
  [paths.menus]: ['/api/restaurantes/restaurante-x/lojas/loja-x'],
  [paths.menu]: ['/api/restaurantes/restaurante-x/lojas/loja-x'],
  [paths.fidelizacao]: ['/api/configuracao'],
  [paths.onboarding]: ['/api/configuracao'],
  [paths.perguntasFrequentes]: ['/api/perguntas-frequentes'],
  [paths.perguntasFrequentesCategoria]: ['/api/perguntas-frequentes/categoria-x'],
  [paths.perguntasFrequentesPergunta]: ['/api/perguntas-frequentes/categoria-x'],
  [paths.informacaoLegal]: ['/api/informacao-legal', '/api/informacao-consumidor'],
  [paths.informacaoLegalConteudo]: ['/api/informacao-legal/conteudo-x'],
  [paths.informacaoLegalConteudoSignup]: ['/api/informacao-legal/conteudo-x'],
  [paths.informacaoLegalConteudoFinalizar]: ['/api/informacao-legal/conteudo-x'],
  [paths.termos]: ['/api/informacao-legal/termos-e-condicoes'],
  [paths.politicaDePrivacidade]: ['/api/informacao-legal/politica-de-privacidade'],
  [paths.acessibilidade]: ['/api/informacao-consumidor'],
}

describe('the routes’ prefetch', () => {
  const screens = (routes[0]?.children ?? []).filter((r) => r.path)

  it('every public screen declares the reads of its content, under their paths', () => {
    for (const [pattern, reads] of Object.entries(DECLARED_READS)) {
      const route = screens.find((r) => r.path === pattern)
      expect(route, pattern).toBeDefined()
      expect(prefetchedKeys(route as RouteObject), pattern).toEqual(reads.map((read) => [read]))
    }
  })

  it('the ordering screens read the catalogue of the store chosen on the device, and the stores; nothing before', () => {
    for (const pattern of [paths.catalogo, paths.categoria, paths.produto]) {
      const route = screens.find((r) => r.path === pattern) as RouteObject
      expect(prefetchedKeys(route, { id_loja: 7, id_tipo_entrega: 1 }), pattern).toEqual([
        ['/api/catalogo/7'],
        ['/api/lojas-encomenda'],
      ])
      expect(prefetchedKeys(route), pattern).toEqual([])
    }
  })

  it('no other screen reads before it renders (the private ones read in the browser)', () => {
    const others = screens.filter((r) => !(r.path && r.path in DECLARED_READS))
    const loja = { id_loja: 7, id_tipo_entrega: 0 } as const
    const ordering: string[] = [paths.catalogo, paths.categoria, paths.produto]
    expect(others.filter((r) => !ordering.includes(r.path ?? '')).flatMap((r) => prefetchedKeys(r, loja))).toEqual([])
  })
})

describe('the GDPR screens', () => {
  const screens = (routes[0]?.children ?? []).filter((r) => r.path)
  const handleOf = (path: string) => screens.find((r) => r.path === path)?.handle as RouteHandle | undefined

  it('the hub and its three forms are login-required modals', () => {
    for (const path of [paths.rgpd, paths.rgpdComunicacao, paths.rgpdEsquecimento, paths.rgpdPortabilidade]) {
      expect(handleOf(path), path).toMatchObject({ access: 'private', modal: true })
    }
  })

  it('the e-mailed links and the cancellation are pages; the erasure ones guard themselves (they end the session)', () => {
    // Login required, a provisional account included: nobody gives more data to take theirs (decision 0017).
    expect(handleOf(paths.rgpdPortabilidadeLink)).toMatchObject({ access: 'account' })
    for (const path of [paths.rgpdEsquecimentoLink, paths.cancelarConta]) {
      expect(handleOf(path), path).toMatchObject({ access: 'open' })
      expect(handleOf(path)?.modal, path).toBeUndefined()
    }
  })
})

describe('every page of the shared route table', () => {
  const screens = (routes[0]?.children ?? []).filter((r) => r.path)
  const mounted = new Set([...screens.map((r) => r.path), ...routes.map((r) => r.path)])

  it('is mounted by the web router (a path the server answers 200 must not show the not-found screen)', () => {
    const painel = Object.values(paths).filter((p) => p.startsWith('/painel'))
    const missing = Object.values(paths).filter((p) => !mounted.has(p) && !painel.includes(p))
    expect(missing).toEqual([])
  })

  it('/alterar-nif opens the NIF choice, login required', async () => {
    const route = screens.find((r) => r.path === paths.alterarNif)
    expect(route?.handle).toMatchObject({ access: 'private' })
    // Its chunk is the NIF screen's, and it loads.
    const load = (route?.handle as Loadable | undefined)?.load
    expect(load).toBeTypeOf('function')
    await load?.()
  })
})
