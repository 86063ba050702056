import { useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Morada } from './Morada.tsx'
import { geoUri, openStreetMapUrl } from './map-links.ts'
import { useLoja } from './use-loja.ts'

/**
 * The store's map (spec §2: an embedded frame of its map link), with the address and links that open the place in
 * the phone's maps app or on OpenStreetMap, so that the screen still helps when the frame cannot load.
 */
export function MapaPage() {
  const { restaurante = '', loja = '' } = useParams()
  const query = useLoja(restaurante, loja)
  useHeader(query.data ? `Mapa · ${query.data.name}` : 'Mapa', href(paths.loja, { restaurante, loja }))
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(l) => {
        const { latitude, longitude, link } = l.address.location
        return (
          <main className="page page-map" id="conteudo">
            <section className="map-info" aria-labelledby="mapa-titulo">
              <h1 id="mapa-titulo">{l.name}</h1>
              <Morada loja={l} />
              {l.directions && <p className="muted">{l.directions}</p>}
              <p className="actions">
                <a className="button map-app-link" href={geoUri(latitude, longitude, l.name)}>
                  Abrir na app de mapas
                </a>
                <a
                  className="button button-secondary"
                  href={openStreetMapUrl(latitude, longitude)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Ver no OpenStreetMap
                </a>
              </p>
            </section>
            {link && (
              <iframe
                className="map-frame"
                title={`Mapa de ${l.name}`}
                src={link}
                loading="lazy"
                referrerPolicy="no-referrer"
                sandbox="allow-scripts allow-same-origin allow-popups"
              />
            )}
          </main>
        )
      }}
    </QueryView>
  )
}
