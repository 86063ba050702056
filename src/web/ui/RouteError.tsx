import { Link } from 'react-router'
import { paths } from '../../shared/routes.ts'

/** Shown when a screen fails to load (e.g. its chunk could not be fetched on a bad connection). */
export function RouteError() {
  return (
    <main className="page page-center" id="conteudo">
      <h1>Ocorreu um erro</h1>
      <p>Não foi possível abrir este ecrã. Verifique a sua ligação e tente novamente.</p>
      <p className="actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Tentar novamente
        </button>
        <Link className="button button-secondary" to={paths.home}>
          Ir para o início
        </Link>
      </p>
    </main>
  )
}
