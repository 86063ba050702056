import { Suspense, useLayoutEffect } from 'react'
import { Navigate, useParams } from 'react-router'
import { href, paths } from '../../../shared/routes.ts'
import { lazyPart } from '../../lib/lazy-part.ts'
import { tirarPintura } from '../../lib/pintura.ts'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
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
  const { id_loja } = useEncomendaLocal()
  const catalogo = useCatalogo(id_loja)
  const daCategoria = catalogo.data?.categorias.find((c) => c.id === categoria)
  const produto = daCategoria?.produtos.find((p) => p.id === id)
  useHeader(daCategoria?.nome ?? 'Encomendar', categoria ? href(paths.categoria, { id: categoria }) : paths.catalogo)
  // The server painted the product's photo (lib/pintura.ts): it goes when the screen will not show the product (the
  // catalogue instead, an error), or is left; Produto takes it when the product is in.
  const semProduto = id_loja === null || catalogo.isError || (catalogo.isSuccess && !produto)
  useLayoutEffect(() => {
    if (semProduto) tirarPintura()
  }, [semProduto])
  useLayoutEffect(() => tirarPintura, [])
  if (id_loja === null) return <Navigate to={paths.catalogo} replace />
  if (catalogo.isPending) return <Loading />
  if (catalogo.isError) return <ErrorState error={catalogo.error} onRetry={() => void catalogo.refetch()} />
  if (!produto) return <Navigate to={paths.catalogo} replace />
  return (
    <Suspense fallback={<Loading />}>
      <Produto key={`${id_loja}/${produto.id}`} produto={produto} catalogo={catalogo.data} />
    </Suspense>
  )
}
