import { Link, useParams } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { ConteudoDetalhe } from './NovidadePage.tsx'
import { useCampanha } from './use-campanha.ts'

export function CampanhaPage() {
  const { campanha = '' } = useParams()
  const query = useCampanha(campanha)
  useHeader(query.data?.title ?? 'Campanhas', paths.campanhas)
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(item) => (
        <ConteudoDetalhe item={item}>
          {item.promocao && (
            <section className="campanha-promocao" aria-labelledby="campanha-promocao-titulo">
              <h2 id="campanha-promocao-titulo">{item.promocao.descricao}</h2>
              <p>
                {item.promocao.quando}. {item.promocao.onde}.
              </p>
              <p className="muted">
                Aplica-se sozinha a cada compra identificada com a app, na loja ou numa encomenda: a transação mostra o
                que ganhou.
              </p>
            </section>
          )}
          <p className="actions">
            <Link className="button" to={paths.campanhas}>
              Fechar
            </Link>
          </p>
        </ConteudoDetalhe>
      )}
    </QueryView>
  )
}
