import { Navigate, useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { useHeader } from '../../app/header.tsx'
import { QueryView } from '../../lib/query.tsx'
import { useLoja } from './use-loja.ts'

export function MenuPage() {
  const { restaurante = '', loja = '', menu = '' } = useParams()
  const query = useLoja(restaurante, loja)
  const menus = href(paths.menus, { restaurante, loja })
  const item = query.data?.menus.find((m) => String(m.id) === menu)
  useHeader(item?.titulo ?? 'Menu', menus)
  return (
    <QueryView query={query} notFoundTo={paths.restaurantes}>
      {() =>
        item ? (
          <main className="page page-detail" id="conteudo">
            <h1>{item.titulo}</h1>
            <img className="menu-large" src={item.imagem} alt={`Menu: ${item.titulo}`} width={900} height={1260} />
          </main>
        ) : (
          <Navigate to={menus} replace />
        )
      }
    </QueryView>
  )
}
