import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { Card } from '../../ui/Card.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Redirect } from '../../ui/Redirect.tsx'
import { useRestaurantes } from './use-restaurantes.ts'

export function RestaurantesPage() {
  useHeader('Restaurantes')
  const query = useRestaurantes()
  return (
    <QueryView query={query}>
      {(restaurantes) => {
        const [only] = restaurantes
        if (restaurantes.length === 1 && only) {
          return <Redirect to={href(paths.restaurante, { restaurante: only.tag })} />
        }
        return (
          <main className="page" id="conteudo">
            <h1 className="visually-hidden">Restaurantes</h1>
            {restaurantes.length === 0 ? (
              <EmptyState>Não existem restaurantes</EmptyState>
            ) : (
              <ul className="card-list">
                {restaurantes.map((r, i) => {
                  const [loja] = r.lojas
                  // A restaurant with a single store goes straight to it.
                  const to =
                    r.lojas.length === 1 && loja
                      ? href(paths.loja, { restaurante: r.tag, loja: loja.tag })
                      : href(paths.restaurante, { restaurante: r.tag })
                  return (
                    <Card
                      key={r.id}
                      to={to}
                      image={r.image.main}
                      logo={r.image.logo}
                      title={r.name}
                      subtitle={r.title}
                      priority={i === 0}
                      eager={i === 1}
                    />
                  )
                })}
              </ul>
            )}
          </main>
        )
      }}
    </QueryView>
  )
}
