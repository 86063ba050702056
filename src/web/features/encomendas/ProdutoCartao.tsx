import { Link } from 'react-router'
import type { ProdutoCatalogo } from '../../../shared/ementa.ts'
import { formatMoney } from '../../../shared/format.ts'
import { href, paths } from '../../../shared/routes.ts'
import { Picture } from '../../ui/Picture.tsx'

/** The size reserved for a product image whose URL does not carry one: the demo's and the POS's usual 4:3. */
export const IMAGEM_LARGURA = 800
export const IMAGEM_ALTURA = 600

export const produtoHref = (p: ProdutoCatalogo) => href(paths.produto, { categoria: p.idCategoria, id: p.id })

/**
 * A product tile of the catalogue: image, name, price; opens the product. The image is lazy unless the tile is in the
 * first screen (`eager`, `priority` for the likely Largest Contentful Paint).
 */
export function ProdutoCartao({
  produto,
  priority = false,
  eager = false,
}: {
  produto: ProdutoCatalogo
  priority?: boolean
  eager?: boolean
}) {
  return (
    <li className="enc-produto">
      <Link to={produtoHref(produto)}>
        <ProdutoImagem produto={produto} className="enc-produto-imagem" priority={priority} eager={eager} />
        <span className="enc-produto-nome">{produto.nome}</span>
        <span className="enc-produto-preco">{formatMoney(produto.pvp_com_iva)}</span>
      </Link>
    </li>
  )
}

/** The product's picture, or a plain block of the same shape (nothing moves either way). Decorative: the name is text. */
export function ProdutoImagem({
  produto,
  className,
  sizes = '(min-width: 720px) 170px, calc(50vw - 1.5rem)',
  priority = false,
  eager = false,
}: {
  produto: ProdutoCatalogo
  className: string
  sizes?: string
  priority?: boolean
  eager?: boolean
}) {
  if (!produto.imagem) return <span className={`${className} enc-sem-imagem`} aria-hidden="true" />
  return (
    <Picture
      src={produto.imagem}
      alt=""
      sizes={sizes}
      className={className}
      width={IMAGEM_LARGURA}
      height={IMAGEM_ALTURA}
      priority={priority}
      eager={eager}
    />
  )
}
