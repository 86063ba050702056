import { useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { useHeader } from '../../app/header.tsx'
import { QueryView } from '../../lib/query.tsx'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useLoja } from './use-loja.ts'

export function MapaPage() {
  const { restaurante = '', loja = '' } = useParams()
  const query = useLoja(restaurante, loja)
  useHeader(query.data ? `Mapa · ${query.data.name}` : 'Mapa', href(paths.loja, { restaurante, loja }))
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(l) => (
        <main className="page page-map" id="conteudo">
          <h1 className="visually-hidden">Mapa de {l.name}</h1>
          {l.address.location.link ? (
            <iframe
              className="map-frame"
              title={`Mapa de ${l.name}`}
              src={l.address.location.link}
              loading="lazy"
              referrerPolicy="no-referrer"
              sandbox="allow-scripts allow-same-origin allow-popups"
            />
          ) : (
            <EmptyState>Esta loja não tem mapa disponível</EmptyState>
          )}
        </main>
      )}
    </QueryView>
  )
}
