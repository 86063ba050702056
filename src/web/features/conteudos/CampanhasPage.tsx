import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { Card } from '../../ui/Card.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { useCampanhas } from './use-campanhas.ts'

export function CampanhasPage() {
  useHeader('Campanhas')
  const query = useCampanhas()
  return (
    <QueryView query={query}>
      {(campanhas) => (
        <main className="page" id="conteudo">
          <h1 className="visually-hidden">Campanhas</h1>
          {campanhas.length === 0 ? (
            <EmptyState>Não existem campanhas</EmptyState>
          ) : (
            <ul className="card-list">
              {campanhas.map((c, i) => (
                <Card
                  key={c.id}
                  to={href(paths.campanha, { campanha: c.tag })}
                  image={c.image.list}
                  title={c.title}
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
