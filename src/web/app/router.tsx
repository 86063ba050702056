import type { ComponentType } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { paths } from '../../shared/routes.ts'
import { RouteError } from './RouteError.tsx'
import { Shell } from './Shell.tsx'

/** Every screen is its own chunk: the first load carries the shell and the one screen the person opened. */
function page<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) }
}

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      {
        path: paths.home,
        ...page(
          () => import('../features/conteudos/NovidadesPage.tsx'),
          (m) => m.NovidadesPage,
        ),
      },
      {
        path: paths.novidades,
        ...page(
          () => import('../features/conteudos/NovidadesPage.tsx'),
          (m) => m.NovidadesPage,
        ),
      },
      {
        path: paths.novidade,
        ...page(
          () => import('../features/conteudos/NovidadePage.tsx'),
          (m) => m.NovidadePage,
        ),
      },
      {
        path: paths.campanhas,
        ...page(
          () => import('../features/conteudos/CampanhasPage.tsx'),
          (m) => m.CampanhasPage,
        ),
      },
      {
        path: paths.campanha,
        ...page(
          () => import('../features/conteudos/CampanhaPage.tsx'),
          (m) => m.CampanhaPage,
        ),
      },
      {
        path: paths.perguntasFrequentes,
        ...page(
          () => import('../features/conteudos/PerguntasFrequentesPage.tsx'),
          (m) => m.PerguntasFrequentesPage,
        ),
      },
      {
        path: paths.perguntasFrequentesCategoria,
        ...page(
          () => import('../features/conteudos/CategoriaFaqPage.tsx'),
          (m) => m.CategoriaFaqPage,
        ),
      },
      {
        path: paths.perguntasFrequentesPergunta,
        ...page(
          () => import('../features/conteudos/PerguntaPage.tsx'),
          (m) => m.PerguntaPage,
        ),
      },
      {
        path: paths.informacaoLegal,
        ...page(
          () => import('../features/conteudos/InformacaoLegalPage.tsx'),
          (m) => m.InformacaoLegalPage,
        ),
      },
      {
        path: paths.informacaoLegalConteudo,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.InformacaoLegalConteudoPage,
        ),
      },
      {
        path: paths.informacaoLegalConteudoSignup,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.InformacaoLegalSignupPage,
        ),
      },
      {
        path: paths.informacaoLegalConteudoFinalizar,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.InformacaoLegalFinalizarPage,
        ),
      },
      {
        path: paths.termos,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.TermosPage,
        ),
      },
      {
        path: paths.politicaDePrivacidade,
        ...page(
          () => import('../features/conteudos/InformacaoLegalConteudoPage.tsx'),
          (m) => m.PoliticaPrivacidadePage,
        ),
      },
      {
        path: paths.restaurantes,
        ...page(
          () => import('../features/restaurantes/RestaurantesPage.tsx'),
          (m) => m.RestaurantesPage,
        ),
      },
      {
        path: paths.restaurante,
        ...page(
          () => import('../features/restaurantes/RestaurantePage.tsx'),
          (m) => m.RestaurantePage,
        ),
      },
      {
        path: paths.loja,
        ...page(
          () => import('../features/restaurantes/LojaPage.tsx'),
          (m) => m.LojaPage,
        ),
      },
      {
        path: paths.mapa,
        ...page(
          () => import('../features/restaurantes/MapaPage.tsx'),
          (m) => m.MapaPage,
        ),
      },
      {
        path: paths.menus,
        ...page(
          () => import('../features/restaurantes/MenusPage.tsx'),
          (m) => m.MenusPage,
        ),
      },
      {
        path: paths.menu,
        ...page(
          () => import('../features/restaurantes/MenuPage.tsx'),
          (m) => m.MenuPage,
        ),
      },
      {
        path: paths.notfound,
        ...page(
          () => import('../features/conteudos/NotFoundPage.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
      {
        path: '*',
        ...page(
          () => import('../features/conteudos/NotFoundPage.tsx'),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
  { path: '/index.html', element: <Navigate to={paths.home} replace /> },
]

export const router = createBrowserRouter(routes)
