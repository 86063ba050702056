import { lazy, type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react'
import { Link, type Location, NavLink, useLocation, useOutlet } from 'react-router'
import { paths } from '../../shared/routes.ts'
import { NovidadesPage } from '../features/conteudos/NovidadesPage.tsx'
import { naoLidas, useNotificacoes } from '../features/notificacoes/use-notificacoes.ts'
import { usePrivateData } from '../lib/private-data.ts'
import { useReturnTripBounds } from '../lib/return-trip.ts'
import {
  type Loadable,
  ScreenBoundary,
  useNavigationPending,
  useRouteHandle,
  useScrollRestoration,
} from '../lib/routing.tsx'
import { ErrorState } from '../ui/ErrorState.tsx'
import { HeaderProvider, useHeaderState } from '../ui/header.tsx'
import { AccountIcon, BackIcon, BellIcon, LoyaltyIcon, NewsIcon, StoreIcon } from '../ui/icons.tsx'
import { Loading } from '../ui/Loading.tsx'
import { backgroundOf } from '../ui/modal-route.tsx'
import { Redirect } from '../ui/Redirect.tsx'
import { temAvisosConta } from './avisos-conta.ts'
import { useEventos } from './eventos.ts'
import { type Access, useGuard } from './guards.ts'

// Asked for only when there is something to say (most visits have nothing): the first screen's script stays lean.
const AvisosConta = lazy(() => import('./AvisosConta.tsx').then((m) => ({ default: m.AvisosConta })))
// Below the page and shown on a computer only (a phone's way to the same links is the account's hub): asked for at a
// computer's width alone, so a phone never downloads it; lazy, it renders after the first screen in any case.
const Footer = lazy(() => import('./Footer.tsx').then((m) => ({ default: m.Footer })))

/** The width at which the footer shows (styles.css's desktop rules): below it, a phone never downloads the footer. */
const ECRA_LARGO = '(min-width: 768px)'

/**
 * Whether the screen is a computer's (the footer's), kept current as the window is resized. False in the server's
 * render and the browser's hydration of it, then the browser's answer as a transition: an urgent update would make
 * React give up hydrating the parts still on their way (their chunks) and render them again.
 */
function useEcraLargo(): boolean {
  const [largo, setLargo] = useState(false)
  useEffect(() => {
    const media = window.matchMedia(ECRA_LARGO)
    const atualizar = () => startTransition(() => setLargo(media.matches))
    atualizar()
    media.addEventListener('change', atualizar)
    return () => media.removeEventListener('change', atualizar)
  }, [])
  return largo
}

/**
 * Marks the document once the screen's first render is the browser's (hydrated, or rendered): from then on a tap has
 * its handler. The e2e suite waits for it after loading a page (e2e/support.ts), as a person's tap before it would
 * find a server's link that loads the page anew, or a button that does nothing yet.
 */
function ScreenReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'pronta'
  }, [])
  return null
}

/** Per-screen chrome, set in a route's `handle` (e.g. the full-screen QR has neither header nor footer). */
export interface ScreenChrome {
  header?: boolean
  nav?: boolean
  footer?: boolean
}

/** What a route says about itself in its `handle`: chrome, who may open it (guards.ts), whether it is a modal. */
export interface RouteHandle extends ScreenChrome, Loadable {
  access?: Access
  modal?: boolean
}

const NAV_ITEMS = [
  { to: paths.home, label: 'Novidades', Icon: NewsIcon, also: [paths.novidades as string] },
  { to: paths.restaurantes, label: 'Restaurantes', Icon: StoreIcon, also: [] as string[] },
  { to: paths.fidelizacao, label: 'Fidelização', Icon: LoyaltyIcon, also: [] as string[] },
  { to: paths.perfil, label: 'Conta', Icon: AccountIcon, also: [] as string[] },
]

/** The bell, with the unread count (spec §2: on every screen, kept live by the event stream). */
function BotaoNotificacoes() {
  const porLer = naoLidas(useNotificacoes({ quandoCarregada: true }).data)
  return (
    <Link
      to={paths.notificacoes}
      className="icon-button"
      aria-label={porLer > 0 ? `Notificações, ${porLer} por ler` : 'Notificações'}
    >
      <BellIcon />
      {porLer > 0 && (
        <span className="badge-count" aria-hidden="true">
          {porLer > 99 ? '99+' : porLer}
        </span>
      )}
    </Link>
  )
}

/** The header carries the main navigation: a tab bar fixed at the bottom of a phone, links in the bar on a computer. */
function Header({ nav }: { nav: ReactNode }) {
  const { title, back } = useHeaderState()
  return (
    <header className="app-header">
      {back ? (
        <Link to={back} className="icon-button" aria-label="Voltar">
          <BackIcon />
        </Link>
      ) : (
        <span className="icon-button-spacer" />
      )}
      {/* A computer's header has room for the brand, which leads home; a phone's keeps it for the screen's title. */}
      <Link to={paths.home} className="app-brand">
        Balcão
      </Link>
      <p className="app-header-title">{title}</p>
      {nav}
      <BotaoNotificacoes />
    </header>
  )
}

/** `pathname` is the page's (under a modal, the page behind it), so its section stays marked. */
function MainNav({ pathname }: { pathname: string }) {
  return (
    <nav className="main-nav" aria-label="Navegação principal">
      <ul>
        {NAV_ITEMS.map(({ to, label, Icon, also }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === paths.home}
              className={({ isActive }) =>
                isActive || pathname === to || also.some((p) => pathname.startsWith(p)) ? 'active' : undefined
              }
            >
              <Icon />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * What shows under a modal opened without a page behind it: the home page, which 'Fechar' leads to, rather than an
 * empty screen.
 */
function ModalBackdrop() {
  return <NovidadesPage />
}

/**
 * The page and, for a modal route, the modal over it. A modal opened from a page keeps that page's element (the last
 * page rendered, if it is the modal's `background`), so the page stays mounted, with its state and scroll, under the
 * modal; opened directly (a typed URL, a reload), it shows over the home page, where 'Fechar' leads. See
 * docs/decisions/0003-account-screens.md. `pagePath` is the path of the page shown.
 */
function useScreens(modal: boolean): { page: ReactNode; modal: ReactNode; pagePath: string } {
  const location = useLocation()
  const outlet = useOutlet()
  const lastPage = useRef<{ location: Location; element: ReactNode } | null>(null)
  if (!modal) {
    lastPage.current = { location, element: outlet }
    return { page: outlet, modal: null, pagePath: location.pathname }
  }
  const background = backgroundOf(location)
  const kept = background && lastPage.current?.location.key === background.key ? lastPage.current : null
  return kept
    ? { page: kept.element, modal: outlet, pagePath: kept.location.pathname }
    : { page: <ModalBackdrop />, modal: outlet, pagePath: paths.home }
}

function Frame() {
  useReturnTripBounds()
  useScrollRestoration()
  // The signed-in customer's event stream, one for the whole app: what changes elsewhere shows here without a reload.
  useEventos()
  const handle = useRouteHandle<RouteHandle>()
  const pending = useNavigationPending()
  const verdict = useGuard(handle.access ?? 'public')
  const screens = useScreens(Boolean(handle.modal))
  const privateData = usePrivateData().data
  // A temporary account completes its data before anything else (spec §4): no way out through the navigation.
  const temporario = privateData?.user.data?.temporario === 1
  // The customer's profile (spec §6): its style class only, named in the back-office; the styles decide the rest.
  const perfil = privateData?.user.data?.classe_perfil
  const ecraLargo = useEcraLargo()
  const chrome = {
    header: handle.header ?? true,
    nav: (handle.nav ?? true) && !temporario,
    footer: (handle.footer ?? true) && !temporario,
  }

  let content: ReactNode
  if (verdict.kind === 'redirect') content = <Redirect to={verdict.to} state={verdict.state} />
  else if (verdict.kind === 'wait') content = <Loading />
  else if (verdict.kind === 'error') content = <ErrorState error={verdict.error} onRetry={verdict.retry} />
  else {
    content = (
      <>
        {screens.page}
        {screens.modal}
      </>
    )
  }

  const nav = chrome.nav ? <MainNav pathname={screens.pagePath} /> : null
  return (
    <div className={`app${chrome.nav ? ' with-nav' : ''}${perfil ? ` ${perfil}` : ''}`}>
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      {chrome.header && <Header nav={nav} />}
      {pending && <div className="route-progress" role="progressbar" aria-label="A carregar" />}
      {privateData && temAvisosConta(privateData) && (
        <Suspense fallback={null}>
          <AvisosConta data={privateData} />
        </Suspense>
      )}
      <Suspense fallback={<Loading />}>
        {content}
        <ScreenReady />
      </Suspense>
      {chrome.footer && ecraLargo && (
        // Its chunk not come (offline, a deploy since): the page goes on without it, with no error screen.
        <ScreenBoundary resetKey="" quiet>
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        </ScreenBoundary>
      )}
      {!chrome.header && nav}
    </div>
  )
}

export function Shell() {
  return (
    <HeaderProvider>
      <Frame />
    </HeaderProvider>
  )
}
