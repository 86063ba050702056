import { Link } from 'react-router'
import type { ProdutoCatalogo } from '../../../shared/catalogo.ts'
import { IMAGEM_ALTURA, IMAGEM_LARGURA, marcasCurtas } from '../../../shared/catalogo-ecra.ts'
import { formatMoney } from '../../../shared/format.ts'
import { PRODUTO_CARTAO_SIZES } from '../../../shared/imagens.ts'
import { href, paths } from '../../../shared/routes.ts'
import { Picture } from '../../ui/Picture.tsx'
import { precoDose, type TipoEntrega } from './preco.ts'

export const produtoHref = (p: ProdutoCatalogo) => href(paths.produto, { categoria: p.idCategoria, id: p.id })

/** The state of a link from a list of products: the product page goes back to it after 'Adicionar'. */
export interface DeUmaLista {
  deUmaLista: true
}
export const DE_UMA_LISTA: DeUmaLista = { deUmaLista: true }

/**
 * A product tile of the catalogue: image, name, price ('Esgotado' when sold out today); opens the product. The image is lazy unless the tile is in the
 * first screen (`eager`, `priority` for the likely Largest Contentful Paint).
 */
export function ProdutoCartao({
  produto,
  tipo,
  priority = false,
  eager = false,
}: {
  produto: ProdutoCatalogo
  /** The kind of sale the device chose: the price shown is the store's for it. */
  tipo: TipoEntrega
  priority?: boolean
  eager?: boolean
}) {
  return (
    <li className="enc-produto">
      <Link to={produtoHref(produto)} state={DE_UMA_LISTA}>
        <ProdutoImagem produto={produto} className="enc-produto-imagem" priority={priority} eager={eager} />
        <span className="enc-produto-nome">{produto.nome}</span>
        <ProdutoMarcasCurtas produto={produto} />
        <span className="enc-produto-preco">
          {formatMoney(precoDose(produto, tipo))}
          {produto.esgotado && <span className="enc-esgotado"> Esgotado</span>}
        </span>
      </Link>
    </li>
  )
}

export function ProdutoMarcasCurtas({ produto }: { produto: ProdutoCatalogo }) {
  const marcas = marcasCurtas(produto)
  if (marcas.length === 0) return null
  return <span className="ementa-marcas-curtas">{marcas.join(' · ')}</span>
}

/**
 * The product's picture, or a drawn placeholder of the same shape (a plate between a fork and a knife, in the brand's
 * warm tones; inline, so no request and nothing from another host). Nothing moves either way. Decorative: the name is
 * text.
 */
export function ProdutoImagem({
  produto,
  className,
  sizes = PRODUTO_CARTAO_SIZES,
  priority = false,
  eager = false,
}: {
  produto: ProdutoCatalogo
  className: string
  sizes?: string
  priority?: boolean
  eager?: boolean
}) {
  if (!produto.imagem) {
    return (
      <span className={`${className} enc-sem-imagem`} aria-hidden="true">
        <svg viewBox="0 0 64 48" focusable="false" aria-hidden="true">
          <circle cx="32" cy="24" r="15" />
          <circle cx="32" cy="24" r="9.5" opacity=".55" />
          <path d="M9 9v10a3.5 3.5 0 0 0 7 0V9M12.5 9v30M55 9c-4 3-5 9-5 15h5v15" />
        </svg>
      </span>
    )
  }
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
