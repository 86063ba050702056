import { Link } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { usePerguntasFrequentes } from './use-perguntas-frequentes.ts'

export function PerguntasFrequentesPage() {
  useHeader('Perguntas frequentes')
  const query = usePerguntasFrequentes()
  return (
    <QueryView query={query}>
      {(categorias) => (
        <main className="page" id="conteudo">
          <h1>Perguntas frequentes</h1>
          {categorias.length === 0 ? (
            <EmptyState>Não existem perguntas frequentes</EmptyState>
          ) : (
            <ul className="link-list">
              {categorias.map((c) => (
                <li key={c.id}>
                  <Link to={href(paths.perguntasFrequentesCategoria, { categoria: c.tag })}>
                    <span>{c.title}</span>
                    <span className="link-list-meta">
                      {c.perguntas.length} {c.perguntas.length === 1 ? 'pergunta' : 'perguntas'}
                    </span>
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
