import { Link } from 'react-router'
import { type InformacaoConsumidor, PORTAL_DO_CONSUMIDOR } from '../../../shared/informacao-consumidor.ts'
import { href, paths } from '../../../shared/routes.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { LigacaoExterna } from '../../ui/LigacaoExterna.tsx'
import { LivroReclamacoesLink } from '../../ui/LivroReclamacoesLink.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useInformacaoConsumidor } from './use-informacao-consumidor.ts'
import { useInformacaoLegal } from './use-informacao-legal.ts'

/** `https://www.cniacc.pt/` → `www.cniacc.pt`: the address as a person reads it beside the link. */
const enderecoLegivel = (url: string) => url.replace(/^https:\/\//, '').replace(/\/$/, '')

/**
 * The legal texts, then what the consumer is owed wherever they look (decision 0039): the complaints book's platform
 * (DL 156/2005, art. 5.º-B), the arbitration entity the group adheres to with its website (Lei 144/2015, art. 18.º),
 * the arbitration a consumer may require for a small claim (Lei 24/96, art. 14.º), and the accessibility statement.
 */
export function InformacaoLegalPage() {
  useHeader('Informação legal')
  const legais = useInformacaoLegal()
  const consumidor = useInformacaoConsumidor()
  if (legais.isPending || consumidor.isPending) return <Loading />
  if (legais.isError) return <ErrorState error={legais.error} onRetry={() => void legais.refetch()} />
  if (consumidor.isError) return <ErrorState error={consumidor.error} onRetry={() => void consumidor.refetch()} />
  const items = legais.data
  return (
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
      <Litigios informacao={consumidor.data} />
    </main>
  )
}

function Litigios({ informacao }: { informacao: InformacaoConsumidor }) {
  const { ral } = informacao
  return (
    <>
      <section className="texto-legal" aria-labelledby="reclamacoes">
        <h2 id="reclamacoes">Reclamações e resolução de litígios</h2>
        <p>
          Pode apresentar uma reclamação no <LivroReclamacoesLink />.
        </p>
        <p>
          Em caso de litígio, o consumidor pode recorrer a uma entidade de resolução alternativa de litígios de consumo.
          Aderimos a: <LigacaoExterna href={ral.sitio}>{ral.nome}</LigacaoExterna> ({enderecoLegivel(ral.sitio)}).
        </p>
        <p>
          Os litígios de consumo de valor até 5 000 € são submetidos a arbitragem ou mediação sempre que o consumidor o
          escolha (Lei n.º 24/96, de 31 de julho, artigo 14.º). Mais informações no{' '}
          <LigacaoExterna href={PORTAL_DO_CONSUMIDOR.url}>{PORTAL_DO_CONSUMIDOR.nome}</LigacaoExterna> (
          {enderecoLegivel(PORTAL_DO_CONSUMIDOR.url)}), nos termos da Lei n.º 144/2015, de 8 de setembro.
        </p>
      </section>
      <section className="texto-legal" aria-labelledby="acessibilidade">
        <h2 id="acessibilidade">Acessibilidade</h2>
        <p>
          Saiba como cumprimos os requisitos de acessibilidade e como nos pode dar a sua opinião na{' '}
          <Link to={paths.acessibilidade}>declaração de acessibilidade</Link>.
        </p>
      </section>
    </>
  )
}
