import { useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Redirect } from '../../ui/Redirect.tsx'
import { RichText } from '../../ui/RichText.tsx'
import { useCategoriaFaq } from './use-categoria-faq.ts'

export function PerguntaPage() {
  const { categoria = '', pergunta = '' } = useParams()
  const query = useCategoriaFaq(categoria)
  useHeader(query.data?.title ?? 'Perguntas frequentes', href(paths.perguntasFrequentesCategoria, { categoria }))
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(c) => {
        const p = c.perguntas.find((q) => q.tag === pergunta)
        if (!p) return <Redirect to={paths.notfound} />
        return (
          <main className="page page-detail" id="conteudo">
            <article>
              <h1>{p.titleDetail}</h1>
              <RichText html={p.text} />
            </article>
          </main>
        )
      }}
    </QueryView>
  )
}
