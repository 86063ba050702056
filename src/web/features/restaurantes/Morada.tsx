import { Link } from 'react-router'
import type { Loja } from '../../../shared/restaurantes.ts'

/** A store's address in its two lines; with `mapa`, one link to the store's map (when it has one). */
export function Morada({ loja, mapa }: { loja: Loja; mapa?: string }) {
  const { address, postalCode, city } = loja.address
  const lines = (
    <>
      <span>{address}</span>
      <span>
        {postalCode} {city}
      </span>
    </>
  )
  return (
    <address className="store-address">
      {mapa && loja.address.location.link ? (
        <Link to={mapa} aria-label={`Morada: ${address}, ${postalCode} ${city}. Ver no mapa`}>
          {lines}
        </Link>
      ) : (
        lines
      )}
    </address>
  )
}
