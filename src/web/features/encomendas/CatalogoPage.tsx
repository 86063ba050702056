import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Categoria } from '../../../shared/ementa.ts'
import { TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { href, paths } from '../../../shared/routes.ts'
import { isNotFound } from '../../lib/api.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { useCatalogo, useLojasEncomenda } from './api.ts'
import { BarraEncomenda } from './BarraEncomenda.tsx'
import { useEncomendaLocal } from './carrinho.ts'
import { SecaoCarregando, SecaoErro } from './EstadoSecao.tsx'
import { FiltrosEmenta, SemResultados } from './FiltrosEmenta.tsx'
import { filtrarCategorias, useFiltros } from './filtros.ts'
import { LojaModal } from './LojaModal.tsx'
import { ProdutoCartao } from './ProdutoCartao.tsx'
import './encomendas.css'
import './ementa.css'

/** Spec §9: a category shows at most 4 products, then a 'see all' tile. */
export const PRODUTOS_POR_CATEGORIA = 4

export const LOJA_FECHADA = 'A loja está fechada de momento. Pode encomendar assim que abrir.'

/**
 * Spec §2 "Catalogue": the chosen store (with 'alterar', which opens the 'Loja' modal; it opens by itself while no
 * store is chosen), the dietary filters (issue 22), its categories with up to 4 products (highlighted ones first) and
 * 'Ver todos', and the bottom bars (the current order's status, 'Ver carrinho').
 */
export function CatalogoPage() {
  useHeader('Encomendar')
  const local = useEncomendaLocal()
  const lojas = useLojasEncomenda()
  const catalogo = useCatalogo(local.id_loja)
  const [modal, setModal] = useState<'auto' | 'aberto' | 'fechado'>('auto')
  const lojaId = useId()
  const loja = lojas.data?.find((l) => l.id_loja === local.id_loja)
  // No store yet, or one that no longer takes orders (gone from the list, or without a catalogue).
  const semLoja =
    local.id_loja === null || (lojas.isSuccess && !loja) || (catalogo.isError && isNotFound(catalogo.error))
  const modalAberto = modal === 'aberto' || (modal === 'auto' && semLoja)

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
            <span className="muted">{TIPOS_ENTREGA[local.id_tipo_entrega]}</span>
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
          <CategoriasFiltradas categorias={catalogo.data.categorias} />
        ))}
      <BarraEncomenda />
      {modalAberto && <LojaModal onClose={() => setModal('fechado')} />}
    </main>
  )
}

/** The categories as the filters leave them, the filters above them; nothing left: says so, with a way out. */
function CategoriasFiltradas({ categorias }: { categorias: Categoria[] }) {
  const [filtros, definir] = useFiltros()
  const visiveis = filtrarCategorias(categorias, filtros)
  const mostrados = visiveis.reduce((n, c) => n + c.produtos.length, 0)
  return (
    <>
      <FiltrosEmenta filtros={filtros} definir={definir} mostrados={mostrados} />
      {mostrados === 0 ? (
        <SemResultados definir={definir} />
      ) : (
        visiveis.map((c, i) => <CategoriaResumo key={c.id} categoria={c} primeira={i === 0} />)
      )}
    </>
  )
}

/** A category: its first 4 products, then 'Ver todos' when there are more. The first row is in the first screen. */
function CategoriaResumo({ categoria, primeira }: { categoria: Categoria; primeira: boolean }) {
  const tituloId = useId()
  const mais = categoria.produtos.length > PRODUTOS_POR_CATEGORIA
  return (
    <section className="enc-categoria" aria-labelledby={tituloId}>
      <h2 id={tituloId}>{categoria.nome}</h2>
      <ul className="enc-produtos">
        {categoria.produtos.slice(0, PRODUTOS_POR_CATEGORIA).map((p, i) => (
          <ProdutoCartao key={p.id} produto={p} priority={primeira && i === 0} eager={primeira && i === 1} />
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
