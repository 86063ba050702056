import { lazy, Suspense } from 'react'
import { Link, useParams } from 'react-router'
import { IMAGE_SIZES } from '../../../shared/imagens.ts'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Picture } from '../../ui/Picture.tsx'
import { RichText } from '../../ui/RichText.tsx'
import { ContactoLoja } from './ContactoLoja.tsx'
import { Morada } from './Morada.tsx'
import { useLoja } from './use-loja.ts'

// Its own chunk: the store page is part of the first load, and today's notice is a read of its own that comes after.
const AvisoLoja = lazy(() => import('./AvisoLoja.tsx').then((m) => ({ default: m.AvisoLoja })))

export function LojaPage() {
  const { restaurante = '', loja = '' } = useParams()
  const query = useLoja(restaurante, loja)
  useHeader(query.data?.name ?? 'Loja', href(paths.restaurante, { restaurante }))
  return (
    <QueryView query={query} notFoundTo={paths.restaurantes}>
      {(l) => {
        const params = { restaurante, loja }
        const mapa = href(paths.mapa, params)
        return (
          <main className="page page-detail" id="conteudo">
            {l.image.main && (
              <Picture
                className="detail-image"
                src={l.image.main}
                alt=""
                sizes={IMAGE_SIZES.page}
                width={1200}
                height={675}
                priority
              />
            )}
            <h1>{l.nameDetail}</h1>
            <p className="subtitle">{l.restaurante.name}</p>
            <Suspense fallback={null}>
              <AvisoLoja idLoja={l.id_loja} />
            </Suspense>
            <section className="store-section" aria-labelledby="morada">
              <h2 id="morada">Morada</h2>
              <Morada loja={l} mapa={mapa} />
              {l.directions && <p className="muted">{l.directions}</p>}
              {l.address.location.link && (
                <p>
                  <Link className="button button-secondary" to={mapa}>
                    Ver no mapa
                  </Link>
                </p>
              )}
            </section>
            <ContactoLoja address={l.address} />
            <section className="store-section" aria-labelledby="horario">
              <h2 id="horario">Horário</h2>
              <ul className="plain-list">
                {l.opening_hours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>
            {l.text && <RichText html={l.text} />}
            <p className="actions">
              {l.menus.length > 0 && (
                <Link className="button" to={href(paths.menus, params)}>
                  Ver menu
                </Link>
              )}
              {l.site && (
                <a className="button button-secondary" href={l.site.link} target="_blank" rel="noopener noreferrer">
                  Link Reservas
                </a>
              )}
            </p>
            {(l.facebook || l.instagram) && (
              <ul className="social-links" aria-label="Redes sociais">
                {l.facebook && (
                  <li>
                    <a href={l.facebook.link} target="_blank" rel="noopener noreferrer">
                      Facebook{l.facebook.tag ? ` ${l.facebook.tag}` : ''}
                    </a>
                  </li>
                )}
                {l.instagram && (
                  <li>
                    <a href={l.instagram.link} target="_blank" rel="noopener noreferrer">
                      Instagram{l.instagram.tag ? ` ${l.instagram.tag}` : ''}
                    </a>
                  </li>
                )}
              </ul>
            )}
          </main>
        )
      }}
    </QueryView>
  )
}
