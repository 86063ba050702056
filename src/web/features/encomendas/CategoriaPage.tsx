import { Suspense } from 'react'
import { useParams } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { lazyPart } from '../../lib/lazy-part.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { Redirect } from '../../ui/Redirect.tsx'
import { useCatalogo } from './api.ts'
import { BarraEncomenda } from './BarraEncomenda.tsx'
import { useEncomendaLocal } from './carrinho.ts'
import { SecaoCarregando } from './EstadoSecao.tsx'
import './encomendas.css'

/**
 * The list under the dietary filters (CategoriaLista.tsx): a part of its own, fetched as this module runs, so that it
 * downloads while the catalogue is read (docs/decisions/0010-first-load-budget.md, as the checkout's form).
 */
const CategoriaLista = lazyPart(() => import('./CategoriaLista.tsx').then((m) => m.CategoriaLista))

/**
 * Spec §2: a category's products (image, name, description, price), highlighted ones first, under the catalogue's
 * filters (decision 0026). Unknown category or no store: the catalogue.
 */
export function CategoriaPage() {
  const { id } = useParams()
  const { id_loja, id_tipo_entrega, lida } = useEncomendaLocal()
  const catalogo = useCatalogo(id_loja)
  const categoria = catalogo.data?.categorias.find((c) => c.id === id)
  useHeader(categoria?.nome ?? 'Encomendar', paths.catalogo)
  if (id_loja === null) return lida ? <Redirect to={paths.catalogo} /> : <Loading />
  if (catalogo.isPending) return <Loading />
  if (catalogo.isError) return <ErrorState error={catalogo.error} onRetry={() => void catalogo.refetch()} />
  if (!categoria) return <Redirect to={paths.catalogo} />
  return (
    <main className="page enc-page" id="conteudo">
      <h1 className="visually-hidden">{categoria.nome}</h1>
      {categoria.produtos.length === 0 ? (
        <EmptyState>Não existe conteúdo</EmptyState>
      ) : (
        <>
          <Suspense fallback={<SecaoCarregando />}>
            <CategoriaLista categoria={categoria} tipo={id_tipo_entrega} />
          </Suspense>
          <p className="muted enc-iva">Preços com IVA incluído.</p>
        </>
      )}
      <BarraEncomenda />
    </main>
  )
}
