import type { RouteObject } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { lazyRoute as screen } from '../../lib/routing.tsx'

/** Open to whoever arrives (the page checks the session itself: see below). */
const OPEN = { access: 'open' } as const

/**
 * The GDPR screens (spec §2, ), mounted by the app router inside the customer shell: the hub and its three
 * modals, the e-mailed links' pages and the profile's account cancellation. Each its own chunk, none in the first load.
 */
export const rgpdRoutes: RouteObject[] = [
  {
    path: paths.rgpd,
    ...screen(
      () => import('./RgpdPage.tsx'),
      (m) => m.RgpdPage,
      { access: 'private', modal: true },
    ),
  },
  {
    path: paths.rgpdComunicacao,
    ...screen(
      () => import('./RgpdPage.tsx'),
      (m) => m.RgpdComunicacaoPage,
      { access: 'private', modal: true },
    ),
  },
  {
    path: paths.rgpdEsquecimento,
    ...screen(
      () => import('./RgpdPage.tsx'),
      (m) => m.RgpdEsquecimentoPage,
      { access: 'private', modal: true },
    ),
  },
  {
    path: paths.rgpdPortabilidade,
    ...screen(
      () => import('./RgpdPage.tsx'),
      (m) => m.RgpdPortabilidadePage,
      { access: 'private', modal: true },
    ),
  },
  {
    path: paths.rgpdEsquecimentoLink,
    ...screen(
      () => import('./RgpdContaPage.tsx'),
      (m) => m.ConfirmarEsquecimentoPage,
      // Login required, checked by the page itself: the person who erased the account there stays to read it.
      OPEN,
    ),
  },
  {
    path: paths.rgpdPortabilidadeLink,
    ...screen(
      () => import('./RgpdContaPage.tsx'),
      (m) => m.TransferirDadosPage,
      // A provisional account too (decision 0017): 'account' is login required, the personal data form not forced.
      { access: 'account' },
    ),
  },
  {
    path: paths.cancelarConta,
    ...screen(
      () => import('./RgpdContaPage.tsx'),
      (m) => m.CancelarContaPage,
      // As the erasure link's (the same confirmation).
      OPEN,
    ),
  },
]
