import { Link } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { useHeader } from '../../ui/header.tsx'

export function NotFoundPage() {
  useHeader('Página não encontrada')
  return (
    <main className="page page-center" id="conteudo">
      <h1>Página não encontrada</h1>
      <p>A página que procura não existe ou foi removida.</p>
      <p className="actions">
        <Link className="button" to={paths.home}>
          Ir para as novidades
        </Link>
      </p>
    </main>
  )
}
