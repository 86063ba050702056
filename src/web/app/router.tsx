import type { ComponentType } from 'react'
import type { RouteObject } from 'react-router'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../shared/constants.ts'
import { paths } from '../../shared/routes.ts'
import { NovidadesPage } from '../features/conteudos/NovidadesPage.tsx'
import { campanhaQuery } from '../features/conteudos/use-campanha.ts'
import { campanhasQuery } from '../features/conteudos/use-campanhas.ts'
import { categoriaFaqQuery } from '../features/conteudos/use-categoria-faq.ts'
import { informacaoConsumidorQuery } from '../features/conteudos/use-informacao-consumidor.ts'
import { informacaoLegalQuery } from '../features/conteudos/use-informacao-legal.ts'
import { novidadeQuery } from '../features/conteudos/use-novidade.ts'
import { novidadesQuery } from '../features/conteudos/use-novidades.ts'
import { perguntasFrequentesQuery } from '../features/conteudos/use-perguntas-frequentes.ts'
import { encomendasRoutes } from '../features/encomendas/routes.tsx'
import { FidelizacaoPage } from '../features/fidelizacao/FidelizacaoPage.tsx'
import { painelRoutes } from '../features/painel/routes.tsx'
import { lojaQuery } from '../features/restaurantes/use-loja.ts'
import { restauranteQuery } from '../features/restaurantes/use-restaurante.ts'
import { restaurantesQuery } from '../features/restaurantes/use-restaurantes.ts'
import { rgpdRoutes } from '../features/rgpd/routes.tsx'
import { lazyRoute } from '../lib/routing.tsx'
import { configuracaoQuery } from '../lib/use-configuracao.ts'
import { informacaoLegalConteudoQuery } from '../lib/use-informacao-legal-conteudo.ts'
import { Redirect } from '../ui/Redirect.tsx'
import { type RouteHandle, Shell } from './Shell.tsx'

/** Every screen is its own chunk: the first load carries the shell and the one screen the person opened. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType, handle?: RouteHandle) =>
  lazyRoute(load, pick, handle)

/**
 * The screens people open the app on (the home page; a store, from a link or the QR on its table; the loyalty card they
 * show at the till) are in the first load: no second round trip for their code before they show (bundle-report.ts).
 */
function firstScreen(Screen: ComponentType, handle: RouteHandle): Pick<RouteObject, 'element' | 'handle'> {
  return { element: <Screen />, handle }
}

/** Screens that no guard stops (spec §2): the onboarding itself, legal texts, not found. */
const OPEN: RouteHandle = { access: 'open' }

const notFound = page(
  () => import('../features/conteudos/NotFoundPage.tsx'),
  (m) => m.NotFoundPage,
  OPEN,
)

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      {
        path: paths.home,
        ...firstScreen(NovidadesPage, { prefetch: (q) => q.prefetchQuery(novidadesQuery()) }),
      },
      {
        path: paths.novidades,
        ...firstScreen(NovidadesPage, { prefetch: (q) => q.prefetchQuery(novidadesQuery()) }),
      },
      {
        path: paths.novidade,
        ...page(
          () => import('../features/conteudos/NovidadePage.tsx'),
          (m) => m.NovidadePage,
          { prefetch: (q, p) => q.prefetchQuery(novidadeQuery(p.novidade ?? '')) },
        ),
      },
      {
        path: paths.fidelizacao,
        // 'cartao': without the network, the card this device kept (guards.ts).
        ...firstScreen(FidelizacaoPage, { access: 'cartao', prefetch: (q) => q.prefetchQuery(configuracaoQuery()) }),
      },
      {
        path: paths.qr,
        ...page(
          () => import('../features/fidelizacao/QrPage.tsx'),
          (m) => m.QrPage,
          // Spec §2: full screen, no header or footer. Shown at the till: opens without the network too.
          { access: 'cartao', header: false, nav: false, footer: false },
        ),
      },
      {
        path: paths.transacoes,
        ...page(
          () => import('../features/fidelizacao/TransacoesPage.tsx'),
          (m) => m.TransacoesPage,
          { access: 'private' },
        ),
      },
      {
        path: paths.alterarNif,
        ...page(
          () => import('../features/fidelizacao/AlterarNifPage.tsx'),
          (m) => m.AlterarNifPage,
          { access: 'private' },
        ),
      },
      {
        path: paths.opiniao,
        ...page(
          () => import('../features/fidelizacao/OpiniaoPage.tsx'),
          (m) => m.OpiniaoPage,
          { access: 'private' },
        ),
      },
      {
        path: paths.opiniaoTransacao,
        ...page(
          () => import('../features/fidelizacao/OpiniaoPage.tsx'),
          (m) => m.OpiniaoTransacaoPage,
          { access: 'private' },
        ),
      },
      {
        path: paths.notificacoes,
        ...page(
          () => import('../features/notificacoes/NotificacoesPage.tsx'),
          (m) => m.NotificacoesPage,
        ),
      },
      {
        path: paths.campanhas,
        ...page(
          () => import('../features/conteudos/CampanhasPage.tsx'),
          (m) => m.CampanhasPage,
          { prefetch: (q) => q.prefetchQuery(campanhasQuery()) },
        ),
      },
      {
        path: paths.campanha,
        ...page(
          () => import('../features/conteudos/CampanhaPage.tsx'),
          (m) => m.CampanhaPage,
          { prefetch: (q, p) => q.prefetchQuery(campanhaQuery(p.campanha ?? '')) },
        ),
      },
      {
        path: paths.perguntasFrequentes,
        ...page(
          () => import('../features/conteudos/PerguntasFrequentesPage.tsx'),
          (m) => m.PerguntasFrequentesPage,
          { prefetch: (q) => q.prefetchQuery(perguntasFrequentesQuery()) },
        ),
      },
      {
        path: paths.perguntasFrequentesCategoria,
        ...page(
          () => import('../features/conteudos/CategoriaFaqPage.tsx'),
          (m) => m.CategoriaFaqPage,
          { prefetch: (q, p) => q.prefetchQuery(categoriaFaqQuery(p.categoria ?? '')) },
        ),
      },
      {
        path: paths.perguntasFrequentesPergunta,
        ...page(
          () => import('../features/conteudos/PerguntaPage.tsx'),
          (m) => m.PerguntaPage,
          { prefetch: (q, p) => q.prefetchQuery(categoriaFaqQuery(p.categoria ?? '')) },
        ),
      },
      {
        path: paths.informacaoLegal,
        ...page(
          () => import('../features/conteudos/InformacaoLegalPage.tsx'),
          (m) => m.InformacaoLegalPage,
          {
            ...OPEN,
            prefetch: (q) =>
              Promise.all([q.prefetchQuery(informacaoLegalQuery()), q.prefetchQuery(informacaoConsumidorQuery())]),
          },
        ),
      },
      {
        path: paths.acessibilidade,
        ...page(
          () => import('../features/conteudos/AcessibilidadePage.tsx'),
          (m) => m.AcessibilidadePage,
          { ...OPEN, prefetch: (q) => q.prefetchQuery(informacaoConsumidorQuery()) },
        ),
      },
      {
        path: paths.informacaoLegalConteudo,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.InformacaoLegalConteudoPage,
          { ...OPEN, prefetch: (q, p) => q.prefetchQuery(informacaoLegalConteudoQuery(p.conteudo ?? '')) },
        ),
      },
      {
        path: paths.informacaoLegalConteudoSignup,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.InformacaoLegalSignupPage,
          { ...OPEN, prefetch: (q, p) => q.prefetchQuery(informacaoLegalConteudoQuery(p.conteudo ?? '')) },
        ),
      },
      {
        path: paths.informacaoLegalConteudoFinalizar,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.InformacaoLegalFinalizarPage,
          { access: 'private', prefetch: (q, p) => q.prefetchQuery(informacaoLegalConteudoQuery(p.conteudo ?? '')) },
        ),
      },
      ...encomendasRoutes,
      {
        path: paths.termos,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.TermosPage,
          { ...OPEN, prefetch: (q) => q.prefetchQuery(informacaoLegalConteudoQuery(TERMOS_TAG)) },
        ),
      },
      {
        path: paths.politicaDePrivacidade,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.PoliticaPrivacidadePage,
          { ...OPEN, prefetch: (q) => q.prefetchQuery(informacaoLegalConteudoQuery(POLITICA_PRIVACIDADE_TAG)) },
        ),
      },
      {
        path: paths.restaurantes,
        ...page(
          () => import('../features/restaurantes/RestaurantesPage.tsx'),
          (m) => m.RestaurantesPage,
          { prefetch: (q) => q.prefetchQuery(restaurantesQuery()) },
        ),
      },
      {
        path: paths.restaurante,
        ...page(
          () => import('../features/restaurantes/RestaurantePage.tsx'),
          (m) => m.RestaurantePage,
          { prefetch: (q, p) => q.prefetchQuery(restauranteQuery(p.restaurante ?? '')) },
        ),
      },
      {
        path: paths.loja,
        ...page(
          () => import('../features/restaurantes/LojaPage.tsx'),
          (m) => m.LojaPage,
          { prefetch: (q, p) => q.prefetchQuery(lojaQuery(p.restaurante ?? '', p.loja ?? '')) },
        ),
      },
      {
        path: paths.mapa,
        ...page(
          () => import('../features/restaurantes/MapaPage.tsx'),
          (m) => m.MapaPage,
          { prefetch: (q, p) => q.prefetchQuery(lojaQuery(p.restaurante ?? '', p.loja ?? '')) },
        ),
      },
      {
        path: paths.menus,
        ...page(
          () => import('../features/restaurantes/MenusPage.tsx'),
          (m) => m.MenusPage,
          { prefetch: (q, p) => q.prefetchQuery(lojaQuery(p.restaurante ?? '', p.loja ?? '')) },
        ),
      },
      {
        path: paths.menu,
        ...page(
          () => import('../features/restaurantes/MenuPage.tsx'),
          (m) => m.MenuPage,
          { prefetch: (q, p) => q.prefetchQuery(lojaQuery(p.restaurante ?? '', p.loja ?? '')) },
        ),
      },
      {
        path: paths.onboarding,
        ...page(
          () => import('../features/conta/OnboardingPage.tsx'),
          (m) => m.OnboardingPage,
          {
            access: 'open',
            header: false,
            nav: false,
            footer: false,
            prefetch: (q) => q.prefetchQuery(configuracaoQuery()),
          },
        ),
      },
      {
        path: paths.login,
        ...page(
          () => import('../features/conta/LoginPage.tsx'),
          (m) => m.LoginPage,
          { access: 'guest', modal: true },
        ),
      },
      {
        path: paths.signup,
        ...page(
          () => import('../features/conta/SignupPage.tsx'),
          (m) => m.SignupPage,
          { access: 'guest', modal: true },
        ),
      },
      {
        path: paths.confirmSignup,
        ...page(
          () => import('../features/conta/ConfirmSignupPage.tsx'),
          (m) => m.ConfirmSignupPage,
          { modal: true },
        ),
      },
      {
        path: paths.reset,
        ...page(
          () => import('../features/conta/ResetPage.tsx'),
          (m) => m.ResetPage,
          { access: 'guest', modal: true },
        ),
      },
      {
        path: paths.confirmReset,
        ...page(
          () => import('../features/conta/ConfirmResetPage.tsx'),
          (m) => m.ConfirmResetPage,
          { modal: true },
        ),
      },
      {
        path: paths.perfil,
        ...page(
          () => import('../features/conta/PerfilPage.tsx'),
          (m) => m.PerfilPage,
        ),
      },
      {
        path: paths.logout,
        ...page(
          () => import('../features/conta/LogoutPage.tsx'),
          (m) => m.LogoutPage,
          // Login required, checked by the page itself (see LogoutPage).
          OPEN,
        ),
      },
      {
        path: paths.alterarPassword,
        ...page(
          () => import('../features/conta/AlterarPasswordPage.tsx'),
          (m) => m.AlterarPasswordPage,
          { access: 'private', modal: true },
        ),
      },
      {
        path: paths.alterarTelemovel,
        ...page(
          () => import('../features/conta/AlterarTelemovelPage.tsx'),
          (m) => m.AlterarTelemovelPage,
          { access: 'private', modal: true },
        ),
      },
      {
        path: paths.confirmPhoneChange,
        ...page(
          () => import('../features/conta/ConfirmPhoneChangePage.tsx'),
          (m) => m.ConfirmPhoneChangePage,
          { access: 'private', modal: true },
        ),
      },
      {
        path: paths.chaveSeguranca,
        ...page(
          () => import('../features/conta/ChaveSegurancaPage.tsx'),
          (m) => m.ChaveSegurancaPage,
          { access: 'private' },
        ),
      },
      {
        path: paths.alterarDadosPessoais,
        ...page(
          () => import('../features/conta/AlterarDadosPessoaisPage.tsx'),
          (m) => m.AlterarDadosPessoaisPage,
          { access: 'account' },
        ),
      },
      ...rgpdRoutes,
      { path: paths.notfound, ...notFound },
      { path: '*', ...notFound },
    ],
  },
  ...painelRoutes,
  // The back-office (/admin): one lazy route; its pages are its own (features/admin/AdminApp.tsx).
  {
    path: '/admin/*',
    ...lazyRoute(
      () => import('../features/admin/AdminApp.tsx'),
      (m) => m.AdminApp,
    ),
  },
  { path: '/index.html', element: <Redirect to={paths.home} /> },
]
