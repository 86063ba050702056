import { Link } from 'react-router'
import type { NovidadeResumo } from '../../../shared/conteudos.ts'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { Card } from '../../ui/Card.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Later } from '../../ui/Later.tsx'
import { useNovidades } from './use-novidades.ts'

/** The cards a phone shows before any scroll: the rest render just after (Later). */
const FIRST_VIEWPORT_CARDS = 2

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
              {novidades.slice(0, FIRST_VIEWPORT_CARDS).map((n, i) => (
                <NovidadeCard key={n.id} novidade={n} priority={i === 0} eager={i === 1} />
              ))}
              <Later>
                {novidades.slice(FIRST_VIEWPORT_CARDS).map((n) => (
                  <NovidadeCard key={n.id} novidade={n} />
                ))}
              </Later>
            </ul>
          )}
          {/* After the news, so that the first card stays where the server painted its image (a phone's first paint). */}
          <p className="home-campanhas">
            <Link className="button button-secondary" to={paths.campanhas}>
              Ver campanhas
            </Link>
          </p>
        </main>
      )}
    </QueryView>
  )
}

function NovidadeCard({
  novidade: n,
  priority,
  eager,
}: {
  novidade: NovidadeResumo
  priority?: boolean
  eager?: boolean
}) {
  return (
    <Card
      to={href(paths.novidade, { novidade: n.tag })}
      image={n.image.list}
      title={n.title}
      subtitle={n.subtitle}
      highlighted={n.destaque}
      priority={priority}
      eager={eager}
    />
  )
}
