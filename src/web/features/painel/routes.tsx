import type { RouteObject } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { lazyRoute as screen } from '../../lib/routing.tsx'

/**
 * The staff pages (`/painel/*`, STORE-API.md "Staff pages"): a counter tablet's screens, outside the customer shell
 * (no customer header, navigation or session). Mounted by the app router next to the customer routes. Each page is its
 * own chunk (the QR decoder only loads with the till's camera), so the customer app's first load carries none of it.
 */
export const painelRoutes: RouteObject[] = [
  {
    path: paths.painelEntrar,
    ...screen(
      () => import('./EntrarPage.tsx'),
      (m) => m.EntrarPage,
    ),
  },
  {
    path: paths.painelCaixa,
    ...screen(
      () => import('./CaixaPage.tsx'),
      (m) => m.CaixaPage,
    ),
  },
  {
    path: paths.painelEncomendas,
    ...screen(
      () => import('./EncomendasPage.tsx'),
      (m) => m.EncomendasPage,
    ),
  },
  {
    path: paths.painelHoje,
    ...screen(
      () => import('./HojePage.tsx'),
      (m) => m.HojePage,
    ),
  },
  {
    path: paths.painelSair,
    ...screen(
      () => import('./SairPage.tsx'),
      (m) => m.SairPage,
    ),
  },
]
