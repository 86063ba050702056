import { useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { MapaFrame } from './MapaFrame.tsx'
import { Morada } from './Morada.tsx'
import { geoUri, openStreetMapUrl } from './map-links.ts'
import { useLoja } from './use-loja.ts'

/**
 * The store's map (spec §2: an embedded frame of its map link), with the address and 'Abrir no mapa', an https link
 * that opens the place in any browser, on any platform (a phone also gets its maps app, by `geo:`), so that the
 * screen still helps when the frame cannot load; the frame gives way to the same link when it fails.
 */
export function MapaPage() {
  const { restaurante = '', loja = '' } = useParams()
  const query = useLoja(restaurante, loja)
  useHeader(query.data ? `Mapa · ${query.data.name}` : 'Mapa', href(paths.loja, { restaurante, loja }))
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(l) => {
        const { latitude, longitude, link } = l.address.location
        const abrir = openStreetMapUrl(latitude, longitude)
        return (
          <main className="page page-map" id="conteudo">
            <section className="map-info" aria-labelledby="mapa-titulo">
              <h1 id="mapa-titulo">{l.name}</h1>
              <Morada loja={l} />
              {l.directions && <p className="muted">{l.directions}</p>}
              <p className="actions">
                <a className="button" href={abrir} target="_blank" rel="noopener noreferrer">
                  Abrir no mapa
                </a>
                <a className="button button-secondary map-app-link" href={geoUri(latitude, longitude, l.name)}>
                  Abrir na app de mapas
                </a>
              </p>
            </section>
            <MapaFrame link={link} title={`Mapa de ${l.name}`} abrir={abrir} />
          </main>
        )
      }}
    </QueryView>
  )
}
