import type { ReactNode } from 'react'

/**
 * A link that leaves the app: a new browsing context (an installed app's window stays as it was), with no way back to
 * it for the page opened (`noopener`) and no referrer; a screen reader hears that it opens elsewhere.
 */
export function LigacaoExterna({
  href,
  className,
  children,
}: {
  href: string
  className?: string
  children: ReactNode
}) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (abre noutra janela)</span>
    </a>
  )
}
