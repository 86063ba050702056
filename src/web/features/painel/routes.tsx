import type { RouteObject } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { RouteError } from '../../app/RouteError.tsx'

/**
 * The staff pages (`/painel/*`, STORE-API.md "Staff pages"): a counter tablet's screens, outside the customer shell
 * (no customer header, navigation or session). Mounted by the app router next to the customer routes. Each page is its
 * own chunk (the QR decoder only loads with the till's camera), so the customer app's first load carries none of it.
 */
export const painelRoutes: RouteObject[] = [
  {
    path: paths.painelEntrar,
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import('./EntrarPage.tsx')).EntrarPage }),
  },
  {
    path: paths.painelCaixa,
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import('./CaixaPage.tsx')).CaixaPage }),
  },
  {
    path: paths.painelSair,
    errorElement: <RouteError />,
    lazy: async () => ({ Component: (await import('./SairPage.tsx')).SairPage }),
  },
]
