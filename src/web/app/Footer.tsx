import { Link } from 'react-router'
import { COPYRIGHT_YEAR } from '../../shared/constants.ts'
import { paths } from '../../shared/routes.ts'
import { usePrivateData } from '../lib/private-data.ts'
import { LivroReclamacoesLink } from '../ui/LivroReclamacoesLink.tsx'

interface FooterItem {
  to: string
  label: string
  loggedInOnly?: boolean
}

const FOOTER_ITEMS: FooterItem[] = [
  { to: paths.perguntasFrequentes, label: 'Perguntas frequentes' },
  { to: paths.termos, label: 'Termos e Condições' },
  { to: paths.politicaDePrivacidade, label: 'Política de privacidade' },
  { to: paths.informacaoLegal, label: 'Informação legal' },
  { to: paths.acessibilidade, label: 'Acessibilidade' },
]

const COPYRIGHT = `© ${COPYRIGHT_YEAR} Balcão. Todos os direitos reservados.`

/**
 * The computer's footer: the help and legal pages, the accessibility statement and the complaints book's platform
 * (decision 0039). A phone hides it (styles.css) and reaches the same from the account's hub.
 */
export function Footer() {
  const loggedIn = usePrivateData().data?.user.loggedIn ?? false
  return (
    <footer className="app-footer">
      <p>{COPYRIGHT}</p>
      <ul>
        {FOOTER_ITEMS.filter((item) => loggedIn || !item.loggedInOnly).map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
        {/* Visible and prominent on every page of the site (DL 156/2005, art. 5.º-B): decision 0039. */}
        <li>
          <LivroReclamacoesLink className="livro-reclamacoes" />
        </li>
      </ul>
    </footer>
  )
}
