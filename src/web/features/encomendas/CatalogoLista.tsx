import { useId } from 'react'
import { Link } from 'react-router'
import type { Categoria } from '../../../shared/catalogo.ts'
import { PRODUTOS_POR_CATEGORIA } from '../../../shared/catalogo-ecra.ts'
import { href, paths } from '../../../shared/routes.ts'
import { Later } from '../../ui/Later.tsx'
import { FiltrosEmenta, SemResultados } from './FiltrosEmenta.tsx'
import { filtrarCategorias, useFiltros } from './filtros.ts'
import { ProdutoCartao } from './ProdutoCartao.tsx'
import './encomendas.css'
import './ementa.css'
import type { TipoEntrega } from './preco.ts'

/** The categories as the filters leave them, the filters above them; nothing left: says so, with a way out. */
export function CatalogoLista({ categorias, tipo }: { categorias: Categoria[]; tipo: TipoEntrega }) {
  const [filtros, definir] = useFiltros()
  const visiveis = filtrarCategorias(categorias, filtros)
  const mostrados = visiveis.reduce((n, c) => n + c.produtos.length, 0)
  return (
    <>
      <FiltrosEmenta filtros={filtros} definir={definir} mostrados={mostrados} />
      {mostrados === 0 ? (
        <SemResultados definir={definir} />
      ) : (
        <>
          {visiveis.slice(0, CATEGORIAS_PRIMEIRO).map((c, i) => (
            <CategoriaResumo key={c.id} categoria={c} tipo={tipo} primeira={i === 0} />
          ))}
          {/* A menu of a dozen categories in one task blocks a slow phone's main thread (Lighthouse's TBT): the rest
              come in a task of their own on the page's first load, and hydrate after the first screen's. */}
          <Later>
            {visiveis.slice(CATEGORIAS_PRIMEIRO).map((c) => (
              <CategoriaResumo key={c.id} categoria={c} tipo={tipo} primeira={false} />
            ))}
          </Later>
        </>
      )}
    </>
  )
}

/** The categories the first screen can show, in the first render. */
const CATEGORIAS_PRIMEIRO = 2

/** A category: its first 4 products, then 'Ver todos' when there are more. The first row is in the first screen. */
function CategoriaResumo({
  categoria,
  tipo,
  primeira,
}: {
  categoria: Categoria
  tipo: TipoEntrega
  primeira: boolean
}) {
  const tituloId = useId()
  const mais = categoria.produtos.length > PRODUTOS_POR_CATEGORIA
  return (
    <section className="enc-categoria" aria-labelledby={tituloId}>
      <h2 id={tituloId}>{categoria.nome}</h2>
      <ul className="enc-produtos">
        {categoria.produtos.slice(0, PRODUTOS_POR_CATEGORIA).map((p, i) => (
          <ProdutoCartao
            key={p.id}
            produto={p}
            tipo={tipo}
            priority={primeira && i === 0}
            eager={primeira && i === 1}
          />
        ))}
        {mais && (
          <li className="enc-produto enc-ver-todos">
            <Link to={href(paths.categoria, { id: categoria.id })}>
              <span>
                Ver todos<span className="visually-hidden"> os produtos de {categoria.nome}</span>
              </span>
              <span className="muted">{categoria.produtos.length} produtos</span>
            </Link>
          </li>
        )}
      </ul>
    </section>
  )
}
