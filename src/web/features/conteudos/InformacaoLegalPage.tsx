import { Link } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { useInformacaoLegal } from './use-informacao-legal.ts'

export function InformacaoLegalPage() {
  useHeader('Informação legal')
  const query = useInformacaoLegal()
  return (
    <QueryView query={query}>
      {(items) => (
        <main className="page" id="conteudo">
          <h1>Informação legal</h1>
          {items.length === 0 ? (
            <EmptyState>Não existe informação legal</EmptyState>
          ) : (
            <ul className="link-list">
              {items.map((item) => (
                <li key={item.id}>
                  <Link to={href(paths.informacaoLegalConteudo, { conteudo: item.tag })}>{item.title}</Link>
                </li>
              ))}
            </ul>
          )}
        </main>
      )}
    </QueryView>
  )
}
