import { lazy, Suspense, useId, useState } from 'react'
import { LOJA_FECHADA } from '../../../shared/catalogo-ecra.ts'
import { nomeMesa, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { isNotFound } from '../../lib/api.ts'
import { lazyPart } from '../../lib/lazy-part.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { useCatalogo, useLojasEncomenda } from './api.ts'
import { BarraEncomenda } from './BarraEncomenda.tsx'
import { mesaAtiva, useEncomendaLocal } from './carrinho.ts'
import { SecaoCarregando, SecaoErro } from './EstadoSecao.tsx'
import './encomendas.css'

/**
 * The categories under the dietary filters (CatalogoLista.tsx): a part of its own, fetched as this module runs, so that
 * it downloads while the catalogue is read (docs/decisions/0010-first-load-budget.md, as the checkout's form).
 */
const CatalogoLista = lazyPart(() => import('./CatalogoLista.tsx').then((m) => m.CatalogoLista))

/**
 * The 'Loja' modal, loaded when it opens (a tap on 'alterar', or no store chosen yet): out of the catalogue's first
 * load, which had no room left for the store's cookie (lib/loja-cookie.ts, docs/decisions/0010-first-load-budget.md).
 */
const LojaModal = lazy(() => import('./LojaModal.tsx').then((m) => ({ default: m.LojaModal })))

/**
 * Spec §2 "Catalogue": the chosen store (with 'alterar', which opens the 'Loja' modal; it opens by itself while no
 * store is chosen), the dietary filters (decision 0026), its categories with up to 4 products (highlighted ones first) and
 * 'Ver todos', and the bottom bars (the current order's status, 'Ver carrinho').
 */
export function CatalogoPage() {
  useHeader('Encomendar')
  const local = useEncomendaLocal()
  const mesa = mesaAtiva(local, local.id_loja, Date.now())
  const lojas = useLojasEncomenda()
  const catalogo = useCatalogo(local.id_loja)
  const [modal, setModal] = useState<'auto' | 'aberto' | 'fechado'>('auto')
  const lojaId = useId()
  const loja = lojas.data?.find((l) => l.id_loja === local.id_loja)
  // No store yet, or one that no longer takes orders (gone from the list, or without a catalogue).
  const semLoja =
    local.id_loja === null || (lojas.isSuccess && !loja) || (catalogo.isError && isNotFound(catalogo.error))
  // Opened by itself once the device's record says there is no store (the page's cookie may not know it).
  const modalAberto = modal === 'aberto' || (modal === 'auto' && semLoja && local.lida)

  return (
    <main className="page enc-page" id="conteudo">
      <h1 className="visually-hidden">Encomendar</h1>
      <section className="enc-loja-atual" aria-labelledby={lojaId}>
        <h2 id={lojaId} className="visually-hidden">
          Loja
        </h2>
        {semLoja ? (
          <p>Escolha a loja onde quer encomendar.</p>
        ) : (
          <p className="enc-loja-atual-texto">
            <strong className="enc-loja-atual-nome">{loja?.nome ?? '…'}</strong>
            <span className="muted">
              {TIPOS_ENTREGA[local.id_tipo_entrega]}
              {mesa && ` · ${nomeMesa(mesa.numero)}`}
            </span>
          </p>
        )}
        <button type="button" className="enc-link-button" onClick={() => setModal('aberto')}>
          {semLoja ? (
            'Escolher loja'
          ) : (
            <>
              alterar<span className="visually-hidden"> loja</span>
            </>
          )}
        </button>
      </section>
      {loja && !loja.aberta && <p className="enc-aviso">{loja.aviso ?? LOJA_FECHADA}</p>}
      {!semLoja &&
        (catalogo.isPending ? (
          <SecaoCarregando label="A carregar o catálogo…" />
        ) : catalogo.isError ? (
          <SecaoErro error={catalogo.error} onRetry={() => void catalogo.refetch()} />
        ) : catalogo.data.categorias.length === 0 ? (
          <EmptyState>Não existe conteúdo</EmptyState>
        ) : (
          <>
            <Suspense fallback={<SecaoCarregando label="A carregar o catálogo…" />}>
              <CatalogoLista categorias={catalogo.data.categorias} tipo={local.id_tipo_entrega} />
            </Suspense>
            {/* Under the list, where it shifts nothing: prices read as final (decision 0037). */}
            <p className="muted enc-iva">Preços com IVA incluído.</p>
          </>
        ))}
      <BarraEncomenda />
      {modalAberto && (
        <Suspense fallback={null}>
          <LojaModal onClose={() => setModal('fechado')} />
        </Suspense>
      )}
    </main>
  )
}
