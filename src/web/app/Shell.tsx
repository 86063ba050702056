import { Suspense } from 'react'
import { Link, NavLink, Outlet, ScrollRestoration, useLocation, useMatches, useNavigation } from 'react-router'
import { COPYRIGHT_YEAR } from '../../shared/constants.ts'
import { paths } from '../../shared/routes.ts'
import { Loading } from '../ui/Loading.tsx'
import { HeaderProvider, useHeaderState } from './header.tsx'
import { AccountIcon, BackIcon, BellIcon, LoyaltyIcon, NewsIcon, StoreIcon } from './icons.tsx'

/** Per-screen chrome, set in a route's `handle` (e.g. the full-screen QR has neither header nor footer). */
export interface ScreenChrome {
  header?: boolean
  nav?: boolean
  footer?: boolean
}

const NAV_ITEMS = [
  { to: paths.home, label: 'Novidades', Icon: NewsIcon, also: [paths.novidades as string] },
  { to: paths.restaurantes, label: 'Restaurantes', Icon: StoreIcon, also: [] as string[] },
  { to: paths.fidelizacao, label: 'Fidelização', Icon: LoyaltyIcon, also: [] as string[] },
  { to: paths.perfil, label: 'Conta', Icon: AccountIcon, also: [] as string[] },
]

interface FooterItem {
  to: string
  label: string
  loggedInOnly?: boolean
}

const FOOTER_ITEMS: FooterItem[] = [
  { to: paths.perguntasFrequentes, label: 'Perguntas frequentes' },
  { to: paths.termos, label: 'Termos e Condições' },
  { to: paths.politicaDePrivacidade, label: 'Política de privacidade' },
]

export const COPYRIGHT = `© ${COPYRIGHT_YEAR} Balcão. Todos os direitos reservados.`

function useChrome(): Required<ScreenChrome> {
  const matches = useMatches()
  const handle = (matches.at(-1)?.handle ?? {}) as ScreenChrome
  return { header: handle.header ?? true, nav: handle.nav ?? true, footer: handle.footer ?? true }
}

function Header() {
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
      <p className="app-header-title">{title}</p>
      <Link to={paths.notificacoes} className="icon-button" aria-label="Notificações">
        <BellIcon />
      </Link>
    </header>
  )
}

function BottomNav() {
  const { pathname } = useLocation()
  return (
    <nav className="bottom-nav" aria-label="Navegação principal">
      <ul>
        {NAV_ITEMS.map(({ to, label, Icon, also }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === paths.home}
              className={({ isActive }) =>
                isActive || also.some((p) => pathname.startsWith(p)) ? 'active' : undefined
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

function Footer({ loggedIn }: { loggedIn: boolean }) {
  return (
    <footer className="app-footer">
      <p>{COPYRIGHT}</p>
      <ul>
        {FOOTER_ITEMS.filter((item) => loggedIn || !item.loggedInOnly).map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
    </footer>
  )
}

function Frame() {
  const chrome = useChrome()
  const navigation = useNavigation()
  return (
    <div className={`app${chrome.nav ? ' with-nav' : ''}`}>
      <a className="skip-link" href="#conteudo">
        Saltar para o conteúdo
      </a>
      {chrome.header && <Header />}
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="A carregar" />}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
      {chrome.footer && <Footer loggedIn={false} />}
      {chrome.nav && <BottomNav />}
      <ScrollRestoration />
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
