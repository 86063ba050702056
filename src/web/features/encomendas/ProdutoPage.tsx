import { Suspense } from 'react'
import { useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { lazyPart } from '../../lib/lazy-part.ts'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { Redirect } from '../../ui/Redirect.tsx'
import { useCatalogo } from './api.ts'
import { useEncomendaLocal } from './carrinho.ts'

/**
 * The product's screen itself (Produto.tsx): a part of its own, fetched as this module runs, so that it downloads while
 * the catalogue is read (docs/decisions/0010-first-load-budget.md, as the checkout's form).
 */
const Produto = lazyPart(() => import('./Produto.tsx').then((m) => m.Produto))

/**
 * Spec §2 product (the screen in Produto.tsx). Unknown product (or no store chosen): the catalogue. The header names
 * the category (back goes to it); the page's heading names the product.
 */
export function ProdutoPage() {
  const { categoria = '', id = '' } = useParams()
  const { id_loja, lida } = useEncomendaLocal()
  const catalogo = useCatalogo(id_loja)
  const daCategoria = catalogo.data?.categorias.find((c) => c.id === categoria)
  const produto = daCategoria?.produtos.find((p) => p.id === id)
  useHeader(daCategoria?.nome ?? 'Encomendar', categoria ? href(paths.categoria, { id: categoria }) : paths.catalogo)
  if (id_loja === null) return lida ? <Redirect to={paths.catalogo} /> : <Loading />
  if (catalogo.isPending) return <Loading />
  if (catalogo.isError) return <ErrorState error={catalogo.error} onRetry={() => void catalogo.refetch()} />
  if (!produto) return <Redirect to={paths.catalogo} />
  return (
    <Suspense fallback={<Loading />}>
      <Produto key={`${id_loja}/${produto.id}`} produto={produto} catalogo={catalogo.data} />
    </Suspense>
  )
}
