import { Link, useParams } from 'react-router'
import { IMAGE_SIZES } from '../../../shared/imagens.ts'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Picture } from '../../ui/Picture.tsx'
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
              {l.menus.map((m, i) => (
                <li key={m.id}>
                  <Link to={href(paths.menu, { restaurante, loja, menu: m.id })}>
                    <Picture
                      src={m.imagem_pequena}
                      alt=""
                      sizes={IMAGE_SIZES.menuGrid}
                      width={300}
                      height={420}
                      priority={i === 0}
                      eager={i === 1}
                    />
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
