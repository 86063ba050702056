import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { IMAGE_SIZES } from '../../shared/imagens.ts'
import { Picture } from './Picture.tsx'

interface CardProps {
  to: string
  image: string | null
  title: string
  subtitle?: ReactNode
  logo?: string | null
  highlighted?: boolean
  /** The first card of a list: its image is likely the page's Largest Contentful Paint (see Picture). */
  priority?: boolean
  /**
   * The second card, also in a phone's first viewport: same size as the first, so a subpixel of layout can make it
   * the LCP element instead, which must then not wait as a lazy image does.
   */
  eager?: boolean
}

/** A tappable card: image on top, title and subtitle below. The whole card is one link. */
export function Card({ to, image, title, subtitle, logo, highlighted, priority, eager }: CardProps) {
  return (
    <li className={highlighted ? 'card card-destaque' : 'card'}>
      <Link to={to} className="card-link">
        {image && (
          <Picture
            className="card-image"
            src={image}
            alt=""
            sizes={IMAGE_SIZES.card}
            width={800}
            height={450}
            priority={priority}
            eager={eager}
          />
        )}
        <span className="card-body">
          {logo && <Picture className="card-logo" src={logo} alt="" sizes={IMAGE_SIZES.logo} width={48} height={48} />}
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
