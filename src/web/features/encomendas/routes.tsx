import type { RouteObject } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { type Loadable, lazyRoute as screen } from '../../lib/routing.tsx'
import { catalogoQuery, lojasEncomendaQuery } from './api.ts'

/**
 * The ordering screens' reads: the chosen store's catalogue, and the stores (the catalogue names the chosen one and
 * says when it is closed); nothing before a store is chosen.
 */
const catalogoDaLoja: Loadable['prefetch'] = (q, _params, { id_loja }) =>
  id_loja === null
    ? Promise.resolve()
    : Promise.all([q.prefetchQuery(catalogoQuery(id_loja)), q.prefetchQuery(lojasEncomendaQuery())])

/**
 * The ordering screens (spec §2), mounted by the app router inside the customer shell: the catalogue, a category, a
 * product and the cart open to a visitor who has not signed in (a tourist browses and fills a cart before deciding to
 * order; decision 0049), and the checkout too, where they sign in or order as a guest (decision 0050); 'As minhas
 * encomendas' login required. Each its own chunk, none in the first load.
 */
export const encomendasRoutes: RouteObject[] = [
  {
    path: paths.catalogo,
    ...screen(
      () => import('./CatalogoPage.tsx'),
      (m) => m.CatalogoPage,
      { access: 'public', prefetch: catalogoDaLoja },
    ),
  },
  {
    path: paths.categoria,
    ...screen(
      () => import('./CategoriaPage.tsx'),
      (m) => m.CategoriaPage,
      { access: 'public', prefetch: catalogoDaLoja },
    ),
  },
  {
    path: paths.produto,
    ...screen(
      () => import('./ProdutoPage.tsx'),
      (m) => m.ProdutoPage,
      { access: 'public', prefetch: catalogoDaLoja },
    ),
  },
  {
    path: paths.carrinho,
    ...screen(
      () => import('./CarrinhoPage.tsx'),
      (m) => m.CarrinhoPage,
      { access: 'public' },
    ),
  },
  {
    path: paths.finalizarPasso1,
    ...screen(
      () => import('./FinalizarPage.tsx'),
      (m) => m.FinalizarPage,
      // A visitor signs in or orders as a guest there (decision 0050).
      { access: 'public' },
    ),
  },
  {
    path: paths.finalizarPassoPagamento,
    ...screen(
      () => import('./PagamentoPage.tsx'),
      (m) => m.PagamentoPage,
      // A guest's order too: the server answers the device's own orders only.
      { access: 'public' },
    ),
  },
  {
    path: paths.mesa,
    ...screen(
      () => import('./MesaPage.tsx'),
      (m) => m.MesaPage,
      // Open: a code is usually scanned in a browser with no session. The table is kept on the device, and the
      // catalogue's own guard then asks for the onboarding or the login, after which it is still there.
      { access: 'open' },
    ),
  },
  {
    path: paths.minhasEncomendas,
    ...screen(
      () => import('./MinhasEncomendasPage.tsx'),
      (m) => m.MinhasEncomendasPage,
      { access: 'private' },
    ),
  },
  {
    path: paths.finalizarPasso2,
    ...screen(
      () => import('./ConfirmadoPage.tsx'),
      (m) => m.ConfirmadoPage,
      { access: 'public' },
    ),
  },
]
