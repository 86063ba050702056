import { Link } from 'react-router'
import type { Categoria } from '../../../shared/catalogo.ts'
import { formatMoney } from '../../../shared/format.ts'
import { FiltrosEmenta, SemResultados } from './FiltrosEmenta.tsx'
import { filtrarCategorias, useFiltros } from './filtros.ts'
import { DE_UMA_LISTA, ProdutoImagem, ProdutoMarcasCurtas, produtoHref } from './ProdutoCartao.tsx'
import './encomendas.css'
import './ementa.css'
import { precoDose, type TipoEntrega } from './preco.ts'

/** A category's products under the filters (highlighted first), the filters above them. */
export function CategoriaLista({ categoria, tipo }: { categoria: Categoria; tipo: TipoEntrega }) {
  const [filtros, definir] = useFiltros()
  const produtos = filtrarCategorias([categoria], filtros)[0]?.produtos ?? []
  return (
    <>
      <FiltrosEmenta filtros={filtros} definir={definir} mostrados={produtos.length} />
      {produtos.length === 0 ? (
        <SemResultados definir={definir} texto="Nenhum produto desta categoria corresponde aos filtros escolhidos." />
      ) : (
        <ul className="enc-lista">
          {produtos.map((p, i) => (
            <li key={p.id}>
              <Link className="enc-lista-item" to={produtoHref(p)} state={DE_UMA_LISTA}>
                <ProdutoImagem
                  produto={p}
                  className="enc-lista-imagem"
                  sizes="112px"
                  priority={i === 0}
                  eager={i > 0 && i < 4}
                />
                <span className="enc-lista-texto">
                  <span className="enc-produto-nome">{p.nome}</span>
                  <ProdutoMarcasCurtas produto={p} />
                  {p.descricao && <span className="enc-lista-descricao">{p.descricao}</span>}
                  <span className="enc-produto-preco">
                    {formatMoney(precoDose(p, tipo))}
                    {p.esgotado && <span className="enc-esgotado"> Esgotado</span>}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
