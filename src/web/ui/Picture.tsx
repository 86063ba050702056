import { type RefObject, useEffect, useRef, useState } from 'react'
import { imageSet } from '../../shared/imagens.ts'

interface PictureProps {
  /** An image URL from the API; its AVIF and WebP variants follow from it (src/shared/imagens.ts). */
  src: string
  alt: string
  /** How wide the image shows, as a `sizes` attribute: the browser picks the variant by it and the screen density. */
  sizes: string
  className?: string
  /** Size to reserve when the URL does not carry one (a URL outside the naming rule). */
  width?: number
  height?: number
  /**
   * The page's first image in the first viewport, its likely Largest Contentful Paint: fetched at once and ahead of
   * the rest. Everything else waits until it nears the viewport.
   */
  priority?: boolean
  /** In the first viewport but not the LCP candidate: fetched at once, at the browser's usual priority. */
  eager?: boolean
}

/**
 * An image in the best format the browser reads (AVIF, then WebP) at the width the layout needs, with its width and
 * height set so that nothing moves when it arrives. A URL outside the naming rule is shown as it is.
 */
export function Picture({ src, alt, sizes, className, width, height, priority = false, eager = false }: PictureProps) {
  const set = imageSet(src)
  const ref = useRef<HTMLImageElement>(null)
  const near = useNearViewport(ref, !(priority || eager))
  // `src` last: loading and priority are in place before the browser starts the request.
  const img = (
    <img
      className={className}
      alt={alt}
      width={set?.width ?? width}
      height={set?.height ?? height}
      loading={priority || eager ? 'eager' : 'lazy'}
      decoding={priority ? undefined : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      ref={ref}
      src={near ? src : undefined}
    />
  )
  if (!set) return img
  return (
    <picture>
      {set.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={near ? source.srcset : undefined} sizes={sizes} />
      ))}
      {img}
    </picture>
  )
}

/** How far below the screen a lazy image starts loading: ahead of a scroll, not the whole list at once. */
const LAZY_MARGIN = '200px 0px'

/**
 * Whether a lazy image is near the screen yet. The browser's own lazy loading starts over a thousand pixels ahead,
 * which on a phone is every card of a list: on a slow link they would all compete with the first screen's image.
 * Where there is no IntersectionObserver (or for eager images), always.
 */
function useNearViewport(ref: RefObject<Element | null>, lazy: boolean): boolean {
  // The server renders a lazy image without its source, as the browser's first render does (the same markup).
  const [near, setNear] = useState(() => !lazy)
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: LAZY_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, ref])
  return near
}
