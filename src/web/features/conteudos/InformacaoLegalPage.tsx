import { Link } from 'react-router'
import {
  type EntidadeRal,
  type InformacaoConsumidor,
  outrasEntidadesRal,
  PORTAL_DO_CONSUMIDOR,
} from '../../../shared/informacao-consumidor.ts'
import { href, paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
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
 * (DL 156/2005, art. 5.º-B), the consumer-arbitration entities with their websites (Lei 144/2015, art. 18.º: the one
 * the group adheres to, if any, said as such), the arbitration a consumer may require for a small claim (Lei 24/96,
 * art. 14.º), and the accessibility statement. Each read fails on its own: the complaints book and the statement's
 * link never wait for either.
 */
export function InformacaoLegalPage() {
  useHeader('Informação legal')
  const legais = useInformacaoLegal()
  if (legais.isPending) return <Loading />
  return (
    <main className="page" id="conteudo">
      <h1>Informação legal</h1>
      {legais.isError ? (
        <Falha error={legais.error} onRetry={() => void legais.refetch()} />
      ) : legais.data.length === 0 ? (
        <EmptyState>Não existe informação legal</EmptyState>
      ) : (
        <ul className="link-list">
          {legais.data.map((item) => (
            <li key={item.id}>
              <Link to={href(paths.informacaoLegalConteudo, { conteudo: item.tag })}>{item.title}</Link>
            </li>
          ))}
        </ul>
      )}
      <section className="texto-legal" aria-labelledby="reclamacoes">
        <h2 id="reclamacoes">Reclamações e resolução de litígios</h2>
        <p>
          Pode apresentar uma reclamação no <LivroReclamacoesLink />.
        </p>
        <Arbitragem />
        <p>
          São entidades de resolução alternativa de litígios de consumo: os centros regionais, cada um na sua área, e o
          CNIACC onde não houver centro regional competente. Os litígios de consumo de valor até 5 000 € são submetidos
          a arbitragem ou mediação sempre que o consumidor o escolha (Lei n.º 24/96, de 31 de julho, artigo 14.º). Mais
          informações no <LigacaoExterna href={PORTAL_DO_CONSUMIDOR.url}>{PORTAL_DO_CONSUMIDOR.nome}</LigacaoExterna> (
          {enderecoLegivel(PORTAL_DO_CONSUMIDOR.url)}), nos termos da Lei n.º 144/2015, de 8 de setembro.
        </p>
      </section>
      <section className="texto-legal" aria-labelledby="acessibilidade">
        <h2 id="acessibilidade">Acessibilidade</h2>
        <p>
          Saiba como cumprimos os requisitos de acessibilidade e como nos pode dar a sua opinião na{' '}
          <Link to={paths.acessibilidade}>declaração de acessibilidade</Link>.
        </p>
      </section>
    </main>
  )
}

/** A read that failed, said where its content would be, with a way to try it again. */
function Falha({ error, onRetry, children }: { error: unknown; onRetry: () => void; children?: string }) {
  const mensagem = children ?? (error instanceof ApiError ? error.message : 'Não foi possível obter esta informação.')
  return (
    <p role="alert">
      {mensagem}{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Tentar novamente
      </button>
    </p>
  )
}

/**
 * The arbitration entities, as the back-office names them (the only part of the page that waits for that read): «A
 * empresa aderiu a» only when the group has adhered (Lei 144/2015, art. 18.º tells it apart from the entities merely
 * available); the other entities a consumer may turn to in any case.
 */
function Arbitragem() {
  const consumidor = useInformacaoConsumidor()
  if (consumidor.isPending) return <p role="status">A carregar as entidades de resolução de litígios…</p>
  if (consumidor.isError) {
    return (
      <Falha error={consumidor.error} onRetry={() => void consumidor.refetch()}>
        Não foi possível obter agora as entidades de resolução alternativa de litígios.
      </Falha>
    )
  }
  const { ral }: InformacaoConsumidor = consumidor.data
  const outras = outrasEntidadesRal(ral)
  if (!ral.aderiu) {
    return (
      <>
        <p>Em caso de litígio, o consumidor pode recorrer a:</p>
        <Entidades entidades={[ral, ...outras]} />
      </>
    )
  }
  return (
    <>
      <p>
        Em caso de litígio, o consumidor pode recorrer a uma entidade de resolução alternativa de litígios de consumo. A
        empresa aderiu a: <Entidade entidade={ral} />.
      </p>
      <p>O consumidor pode também recorrer a:</p>
      <Entidades entidades={outras} />
    </>
  )
}

function Entidade({ entidade }: { entidade: EntidadeRal }) {
  return (
    <>
      <LigacaoExterna href={entidade.sitio}>{entidade.nome}</LigacaoExterna> ({enderecoLegivel(entidade.sitio)})
    </>
  )
}

function Entidades({ entidades }: { entidades: EntidadeRal[] }) {
  return (
    <ul className="entidades-ral">
      {entidades.map((e) => (
        <li key={e.sitio}>
          <Entidade entidade={e} />
        </li>
      ))}
    </ul>
  )
}
