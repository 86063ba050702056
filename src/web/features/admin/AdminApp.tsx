import { lazy, Suspense } from 'react'
import { useRoutes } from 'react-router'

/**
 * The back-office (`/admin/*`), mounted by the customer app's router as one lazy route: its pages, each a
 * chunk of its own (assets/admin/), are known only here, so the customer's first load carries none of it.
 */
const InicioPage = lazy(() => import('./InicioPage.tsx').then((m) => ({ default: m.InicioPage })))
const EntrarPage = lazy(() => import('./EntrarPage.tsx').then((m) => ({ default: m.EntrarPage })))
const AlterarPasswordPage = lazy(() =>
  import('./AlterarPasswordPage.tsx').then((m) => ({ default: m.AlterarPasswordPage })),
)
const InscreverTotpPage = lazy(() => import('./InscreverTotpPage.tsx').then((m) => ({ default: m.InscreverTotpPage })))
const VerificarTotpPage = lazy(() => import('./VerificarTotpPage.tsx').then((m) => ({ default: m.VerificarTotpPage })))
const UtilizadoresPage = lazy(() => import('./UtilizadoresPage.tsx').then((m) => ({ default: m.UtilizadoresPage })))
const AuditoriaPage = lazy(() => import('./AuditoriaPage.tsx').then((m) => ({ default: m.AuditoriaPage })))
const NovidadesPage = lazy(() => import('./NovidadesPage.tsx').then((m) => ({ default: m.NovidadesPage })))
const CampanhasPage = lazy(() => import('./CampanhasPage.tsx').then((m) => ({ default: m.CampanhasPage })))
const PromocoesPage = lazy(() => import('./PromocoesPage.tsx').then((m) => ({ default: m.PromocoesPage })))
const CarimbosPage = lazy(() => import('./CarimbosPage.tsx').then((m) => ({ default: m.CarimbosPage })))
const RestaurantesPage = lazy(() => import('./RestaurantesPage.tsx').then((m) => ({ default: m.RestaurantesPage })))
const MesasPage = lazy(() => import('./MesasPage.tsx').then((m) => ({ default: m.MesasPage })))
const LojasPage = lazy(() => import('./LojasPage.tsx').then((m) => ({ default: m.LojasPage })))
const RelatoriosPage = lazy(() => import('./RelatoriosPage.tsx').then((m) => ({ default: m.RelatoriosPage })))
const EmentasPage = lazy(() => import('./EmentasPage.tsx').then((m) => ({ default: m.EmentasPage })))
const FaqPage = lazy(() => import('./FaqPage.tsx').then((m) => ({ default: m.FaqPage })))
const LegaisPage = lazy(() => import('./LegaisPage.tsx').then((m) => ({ default: m.LegaisPage })))
const ChavesPage = lazy(() => import('./ChavesPage.tsx').then((m) => ({ default: m.ChavesPage })))
const ClientesPage = lazy(() => import('./ClientesPage.tsx').then((m) => ({ default: m.ClientesPage })))
const ClientePage = lazy(() => import('./ClientePage.tsx').then((m) => ({ default: m.ClientePage })))
const OpinioesPage = lazy(() => import('./OpinioesPage.tsx').then((m) => ({ default: m.OpinioesPage })))
const PerfisPage = lazy(() => import('./PerfisPage.tsx').then((m) => ({ default: m.PerfisPage })))
const DefinicoesPage = lazy(() => import('./DefinicoesPage.tsx').then((m) => ({ default: m.DefinicoesPage })))
const NotificacoesPage = lazy(() => import('./NotificacoesPage.tsx').then((m) => ({ default: m.NotificacoesPage })))
const ConvitePage = lazy(() => import('./ConvitePage.tsx').then((m) => ({ default: m.ConvitePage })))

/** Relative to `/admin/*`; a route object table (useRoutes), as the customer app's: no other router code to load. */
function AdminRoutes() {
  return useRoutes([
    { index: true, element: <InicioPage /> },
    { path: 'entrar', element: <EntrarPage /> },
    { path: 'alterar-palavra-passe', element: <AlterarPasswordPage /> },
    { path: 'autenticacao', element: <InscreverTotpPage /> },
    { path: 'verificar', element: <VerificarTotpPage /> },
    { path: 'utilizadores', element: <UtilizadoresPage /> },
    { path: 'auditoria', element: <AuditoriaPage /> },
    { path: 'novidades', element: <NovidadesPage /> },
    { path: 'lojas', element: <LojasPage /> },
    { path: 'lojas/:id_loja/mesas', element: <MesasPage /> },
    { path: 'relatorios', element: <RelatoriosPage /> },
    { path: 'ementas', element: <EmentasPage /> },
    { path: 'faq', element: <FaqPage /> },
    { path: 'conteudos-legais', element: <LegaisPage /> },
    { path: 'chaves', element: <ChavesPage /> },
    { path: 'clientes', element: <ClientesPage /> },
    { path: 'clientes/:id', element: <ClientePage /> },
    { path: 'opinioes', element: <OpinioesPage /> },
    { path: 'perfis', element: <PerfisPage /> },
    { path: 'definicoes', element: <DefinicoesPage /> },
    { path: 'notificacoes', element: <NotificacoesPage /> },
    { path: 'campanhas', element: <CampanhasPage /> },
    { path: 'promocoes', element: <PromocoesPage /> },
    { path: 'carimbos', element: <CarimbosPage /> },
    { path: 'restaurantes', element: <RestaurantesPage /> },
    { path: 'convite/:token', element: <ConvitePage /> },
    { path: '*', element: <EntrarPage /> },
  ])
}

export function AdminApp() {
  return (
    <Suspense
      fallback={
        <p className="admin-carregando" role="status">
          A carregar…
        </p>
      }
    >
      <AdminRoutes />
    </Suspense>
  )
}
