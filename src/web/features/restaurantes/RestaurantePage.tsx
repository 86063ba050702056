import { useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { Card } from '../../ui/Card.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { useRestaurante } from './use-restaurante.ts'

export function RestaurantePage() {
  const { restaurante = '' } = useParams()
  const query = useRestaurante(restaurante)
  useHeader(query.data?.name ?? 'Restaurantes', paths.restaurantes)
  return (
    <QueryView query={query} notFoundTo={paths.restaurantes}>
      {(r) => (
        <main className="page" id="conteudo">
          <h1>{r.name}</h1>
          <p className="subtitle">{r.title}</p>
          {r.lojas.length === 0 ? (
            <EmptyState>Não existe loja</EmptyState>
          ) : (
            <ul className="card-list">
              {r.lojas.map((l, i) => (
                <Card
                  key={l.id}
                  to={href(paths.loja, { restaurante: r.tag, loja: l.tag })}
                  image={l.image.list}
                  title={l.name}
                  subtitle={`${l.address.address}, ${l.address.postalCode} ${l.address.city}`}
                  priority={i === 0}
                  eager={i === 1}
                />
              ))}
            </ul>
          )}
        </main>
      )}
    </QueryView>
  )
}
