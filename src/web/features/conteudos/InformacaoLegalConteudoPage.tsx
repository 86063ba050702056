import { useParams } from 'react-router'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../../shared/constants.ts'
import { paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useInformacaoLegalConteudo } from '../../lib/use-informacao-legal-conteudo.ts'
import { useHeader } from '../../ui/header.tsx'
import { RichText } from '../../ui/RichText.tsx'

/** A legal text; `back` is where the header's back link returns (the list, sign-up or checkout). */
function LegalContent({ tag, back }: { tag: string; back?: string }) {
  const query = useInformacaoLegalConteudo(tag)
  useHeader(query.data?.title ?? 'Informação legal', back)
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(item) => (
        <main className="page page-detail" id="conteudo">
          <article>
            <h1>{item.titleDetail}</h1>
            <RichText html={item.text} />
          </article>
        </main>
      )}
    </QueryView>
  )
}

export function InformacaoLegalConteudoPage() {
  const { conteudo = '' } = useParams()
  return <LegalContent tag={conteudo} back={paths.informacaoLegal} />
}

export function InformacaoLegalSignupPage() {
  const { conteudo = '' } = useParams()
  return <LegalContent tag={conteudo} back={paths.signup} />
}

export function InformacaoLegalFinalizarPage() {
  const { conteudo = '' } = useParams()
  return <LegalContent tag={conteudo} back={paths.finalizarPasso1} />
}

export const TermosPage = () => <LegalContent tag={TERMOS_TAG} />
export const PoliticaPrivacidadePage = () => <LegalContent tag={POLITICA_PRIVACIDADE_TAG} />
