import { Link, useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { useHeader } from '../../app/header.tsx'
import { QueryView } from '../../lib/query.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useLoja } from './use-loja.ts'

export function MenusPage() {
  const { restaurante = '', loja = '' } = useParams()
  const query = useLoja(restaurante, loja)
  useHeader(query.data ? `Menus · ${query.data.name}` : 'Menus', href(paths.loja, { restaurante, loja }))
  return (
    <QueryView query={query} notFoundTo={paths.restaurantes}>
      {(l) => (
        <main className="page" id="conteudo">
          <h1>Menus</h1>
          {l.menus.length === 0 ? (
            <EmptyState>Não existem Menus associados ao Restaurante</EmptyState>
          ) : (
            <ul className="menu-grid">
              {l.menus.map((m) => (
                <li key={m.id}>
                  <Link to={href(paths.menu, { restaurante, loja, menu: m.id })}>
                    <img src={m.imagem_pequena} alt="" width={300} height={420} loading="lazy" />
                    <span>{m.titulo}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </main>
      )}
    </QueryView>
  )
}
