import { href, paths } from '../../../shared/routes.ts'
import { useHeader } from '../../app/header.tsx'
import { QueryView } from '../../lib/query.tsx'
import { Card } from '../../ui/Card.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useNovidades } from './use-novidades.ts'

export function NovidadesPage() {
  useHeader('Novidades')
  const query = useNovidades()
  return (
    <QueryView query={query}>
      {(novidades) => (
        <main className="page" id="conteudo">
          <h1 className="visually-hidden">Novidades</h1>
          {novidades.length === 0 ? (
            <EmptyState>Não existe conteúdo</EmptyState>
          ) : (
            <ul className="card-list">
              {novidades.map((n, i) => (
                <Card
                  key={n.id}
                  to={href(paths.novidade, { novidade: n.tag })}
                  image={n.image.list}
                  title={n.title}
                  subtitle={n.subtitle}
                  highlighted={n.destaque}
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
