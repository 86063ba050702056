import { Link, Navigate, useParams } from 'react-router'
import { formatMoney } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useCatalogo } from './api.ts'
import { BarraEncomenda } from './BarraEncomenda.tsx'
import { useEncomendaLocal } from './carrinho.ts'
import { FiltrosEmenta, SemResultados } from './FiltrosEmenta.tsx'
import { filtrarCategorias, useFiltros } from './filtros.ts'
import { DE_UMA_LISTA, ProdutoImagem, ProdutoMarcasCurtas, produtoHref } from './ProdutoCartao.tsx'
import './encomendas.css'
import './ementa.css'

/**
 * Spec §2: a category's products (image, name, description, price), highlighted ones first, under the catalogue's
 * filters (issue 22). Unknown category or no store: the catalogue.
 */
export function CategoriaPage() {
  const { id } = useParams()
  const { id_loja } = useEncomendaLocal()
  const catalogo = useCatalogo(id_loja)
  const categoria = catalogo.data?.categorias.find((c) => c.id === id)
  const [filtros, definir] = useFiltros()
  useHeader(categoria?.nome ?? 'Encomendar', paths.catalogo)
  if (id_loja === null) return <Navigate to={paths.catalogo} replace />
  if (catalogo.isPending) return <Loading />
  if (catalogo.isError) return <ErrorState error={catalogo.error} onRetry={() => void catalogo.refetch()} />
  if (!categoria) return <Navigate to={paths.catalogo} replace />
  const produtos = filtrarCategorias([categoria], filtros)[0]?.produtos ?? []
  return (
    <main className="page enc-page" id="conteudo">
      <h1 className="visually-hidden">{categoria.nome}</h1>
      {categoria.produtos.length === 0 ? (
        <EmptyState>Não existe conteúdo</EmptyState>
      ) : (
        <FiltrosEmenta filtros={filtros} definir={definir} mostrados={produtos.length} />
      )}
      {categoria.produtos.length > 0 && produtos.length === 0 ? (
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
                    {formatMoney(p.pvp_com_iva)}
                    {p.esgotado && <span className="enc-esgotado"> Esgotado</span>}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <BarraEncomenda />
    </main>
  )
}
