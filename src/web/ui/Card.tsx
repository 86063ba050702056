import type { ReactNode } from 'react'
import { Link } from 'react-router'

interface CardProps {
  to: string
  image: string | null
  title: string
  subtitle?: ReactNode
  logo?: string | null
  highlighted?: boolean
  /** Set the first card of a list eager: it is likely in the first viewport. */
  eager?: boolean
}

/** A tappable card: image on top, title and subtitle below. The whole card is one link. */
export function Card({ to, image, title, subtitle, logo, highlighted, eager }: CardProps) {
  return (
    <li className={highlighted ? 'card card-destaque' : 'card'}>
      <Link to={to} className="card-link">
        {image && (
          <img
            className="card-image"
            src={image}
            alt=""
            width={800}
            height={450}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        )}
        <span className="card-body">
          {logo && <img className="card-logo" src={logo} alt="" width={48} height={48} loading="lazy" />}
          <span className="card-text">
            {highlighted && <span className="badge">Destaque</span>}
            <span className="card-title">{title}</span>
            {subtitle && <span className="card-subtitle">{subtitle}</span>}
          </span>
        </span>
      </Link>
    </li>
  )
}
