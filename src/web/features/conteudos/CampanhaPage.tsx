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
