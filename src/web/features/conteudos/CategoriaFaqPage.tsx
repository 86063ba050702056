import { Link, useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { useCategoriaFaq } from './use-categoria-faq.ts'

export function CategoriaFaqPage() {
  const { categoria = '' } = useParams()
  const query = useCategoriaFaq(categoria)
  useHeader(query.data?.title ?? 'Perguntas frequentes', paths.perguntasFrequentes)
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(c) => (
        <main className="page" id="conteudo">
          <h1>{c.title}</h1>
          {c.perguntas.length === 0 ? (
            <EmptyState>Não existe categoria</EmptyState>
          ) : (
            <ul className="link-list">
              {c.perguntas.map((p) => (
                <li key={p.id}>
                  <Link to={href(paths.perguntasFrequentesPergunta, { categoria: c.tag, pergunta: p.tag })}>
                    {p.title}
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
