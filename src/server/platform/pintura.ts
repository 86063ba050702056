import { imageSet } from '../../shared/imagens.ts'
import { escapeAttribute } from './html.ts'

/**
 * What the HTML paints before the app runs (docs/decisions/0010-first-load-budget.md): pictures in the markup the app's
 * `<picture>` renders (ui/Picture.tsx), so that the app's image is the same file, from the memory cache.
 */

/** A page's lead picture: its URL and the `sizes` it shows at (ordering-pages.ts `leadImage`). */
export type LeadImage = { url: string | null | undefined; sizes: string }

/** The attribute of the painted picture the app's scripts wait for (arranque.ts). */
export const PINTADA = 'data-pintura'

/**
 * A `<picture>` of an image URL's variants (shared/imagens.ts) at `sizes`, decorative (`alt=""`), with its size set;
 * `picture` and `img` are more attributes, already escaped, the class of the `<img>` first. Null for a URL outside
 * the naming rule.
 */
export function pictureHtml(
  url: string,
  sizes: string,
  { picture = '', imgClass, img = '' }: { picture?: string; imgClass?: string; img?: string } = {},
): string | null {
  const set = imageSet(url)
  if (!set) return null
  const sources = set.sources
    .map((s) => `<source type="${s.type}" srcset="${escapeAttribute(s.srcset)}" sizes="${escapeAttribute(sizes)}">`)
    .join('')
  const classe = imgClass ? ` class="${imgClass}"` : ''
  return (
    `<picture${picture}>${sources}<img${classe} alt="" width="${set.width}" height="${set.height}"${img}` +
    ` src="${escapeAttribute(url)}"></picture>`
  )
}

/**
 * The page's lead image, painted by the HTML itself under the skeleton header, where the page will show it
 * (`.app-skeleton-lead` in styles.css: a phone's layout only): on a slow phone it appears as soon as it arrives
 * instead of after the app's script has downloaded, compiled and rendered. It goes when the app renders (as the
 * skeleton does), and it is decoration for assistive technology: the page's own image carries the meaning.
 */
export function leadImageSkeleton(lead: LeadImage | undefined, className: string): string {
  if (!lead?.url) return ''
  return (
    pictureHtml(lead.url, lead.sizes, {
      picture: ` class="${className}" aria-hidden="true"`,
      img: ` fetchpriority="high" ${PINTADA}`,
    }) ?? ''
  )
}
