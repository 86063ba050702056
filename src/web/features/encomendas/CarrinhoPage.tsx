import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Catalogo } from '../../../shared/catalogo.ts'
import { ESGOTADO, LOJA_FECHADA } from '../../../shared/catalogo-ecra.ts'
import { QUANTIDADE_MAX } from '../../../shared/constants.ts'
import { TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { formatMoney, linhaEmbalagem } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useCatalogo, useLojasEncomenda } from './api.ts'
import { artigos } from './BarraEncomenda.tsx'
import { type LinhaLocal, notaDe, porcaoDe, unitarioDe, useEncomendaLocal } from './carrinho.ts'
import { chaveDaLinha } from './carrinho-api.ts'
import { embalagensDoCarrinho } from './embalagens-carrinho.ts'
import { esgotadosDoCarrinho } from './esgotados.ts'
import type { EstadoRepetido } from './repetir.ts'
import './encomendas.css'
import './ementa.css'

/** The names of a line's extras and options: as stored when it was added, else from the catalogue. */
function detalhesDe(l: LinhaLocal, catalogo: Catalogo | undefined): string[] {
  if (l.detalhes) return l.detalhes
  const produto = catalogo?.categorias.flatMap((c) => c.produtos).find((p) => p.id === l.id)
  if (!produto) return []
  return [
    ...produto.complementares.filter((c) => l.complementares.includes(c.id)).map((c) => c.nome),
    ...produto.opcoes.filter((o) => l.opcoes.includes(o.id)).map((o) => o.nome),
  ]
}

/** How the menu names a half portion ('Meia dose' unless the POS says otherwise); null for a full dose. */
export function rotuloMeia(l: LinhaLocal, catalogo: Catalogo | undefined): string | null {
  if (porcaoDe(l) !== 'meia') return null
  if (l.rotuloPorcao) return l.rotuloPorcao
  return catalogo?.categorias.flatMap((c) => c.produtos).find((p) => p.id === l.id)?.rotulo_meia ?? 'Meia dose'
}

/**
 * Spec §2 "Cart": the lines (name, a half portion named beside it, chosen extras and options, the note for the kitchen,
 * minus/plus, 'Remover'), then 'Pagamento - subtotal' to
 * the checkout. The subtotal is this device's display total: the server prices the cart again at checkout.
 */
export function CarrinhoPage() {
  useHeader('Carrinho', paths.catalogo)
  // Arrived from 'Repetir' (MinhasEncomendasPage.tsx): the lines it left out, named, once: kept here, and taken out
  // of the history entry so that a reload or coming back does not say it again.
  const location = useLocation()
  const navigate = useNavigate()
  const [repetido] = useState(() => (location.state as EstadoRepetido | null)?.avisoRepetir ?? null)
  useEffect(() => {
    if (location.state) void navigate(location.pathname, { replace: true, state: null })
  }, [location, navigate])
  const local = useEncomendaLocal()
  const catalogo = useCatalogo(local.id_loja)
  const loja = useLojasEncomenda().data?.find((l) => l.id_loja === local.id_loja)
  const ids = { titulo: useId(), total: useId(), esgotados: useId() }
  const esgotados = esgotadosDoCarrinho(local.linhas, catalogo.data)
  // A take-away order's single-use packaging contribution, its own lines (decision 0037).
  const embalagens = embalagensDoCarrinho(local.linhas, local.id_tipo_entrega === 0 ? catalogo.data : undefined)
  const subtotal = local.subtotal + embalagens.reduce((n, e) => n + e.valor, 0)
  const titulo = useRef<HTMLHeadingElement>(null)
  // A line that goes (Remover, or minus at 1) takes its focused button with it: focus goes back to the heading.
  const linhas = local.linhas.length
  const antes = useRef(linhas)
  useEffect(() => {
    if (linhas < antes.current && titulo.current && !titulo.current.contains(document.activeElement)) {
      const ativo = document.activeElement
      if (!ativo || ativo === document.body) titulo.current.focus()
    }
    antes.current = linhas
  }, [linhas])

  return (
    <main className="page enc-page" id="conteudo">
      <h1 ref={titulo} tabIndex={-1} id={ids.titulo} className="enc-titulo">
        Carrinho
      </h1>
      {repetido && (
        <p className="enc-aviso" role="alert">
          {repetido}
        </p>
      )}
      {/* The lines are the device's: the server's render and its hydration show the page waiting for them. */}
      {!local.lida ? (
        <Loading />
      ) : local.linhas.length === 0 ? (
        <>
          <EmptyState>Carrinho vazio</EmptyState>
          <p className="enc-centro">
            <Link className="button button-secondary" to={paths.catalogo}>
              Ver o catálogo
            </Link>
          </p>
        </>
      ) : (
        <>
          {loja && (
            <p className="muted enc-carrinho-loja">
              {loja.nome} · {TIPOS_ENTREGA[local.id_tipo_entrega]}
            </p>
          )}
          {/* A cart filled from a past order may be for a store that takes none now: said here, not at the checkout. */}
          {loja && !loja.aberta && <p className="enc-aviso">{loja.aviso ?? LOJA_FECHADA}</p>}
          {esgotados.aviso && (
            <p className="enc-aviso" id={ids.esgotados} role="alert">
              {esgotados.aviso}
            </p>
          )}
          <ul className="enc-linhas" aria-labelledby={ids.titulo}>
            {local.linhas.map((l, i) => {
              const detalhes = detalhesDe(l, catalogo.data)
              const meia = rotuloMeia(l, catalogo.data)
              const nota = notaDe(l)
              // Two lines of one product (a dose and a half one) need buttons that say which.
              const nome = meia ? `${l.nome} (${meia})` : l.nome
              return (
                <li key={chaveDaLinha(l)} className="enc-linha">
                  <div className="enc-linha-texto">
                    <span className="enc-linha-nome">
                      {l.nome}
                      {meia && (
                        <>
                          {' '}
                          <span className="ementa-porcao-marca">{meia}</span>
                        </>
                      )}
                      {esgotados.indices.has(i) && <span className="enc-esgotado"> {ESGOTADO}</span>}
                    </span>
                    {detalhes.length > 0 && <span className="muted enc-linha-detalhes">{detalhes.join(', ')}</span>}
                    {nota && <span className="ementa-linha-nota">Observações: {nota}</span>}
                  </div>
                  <span className="enc-linha-total">{formatMoney(unitarioDe(l, local.id_tipo_entrega) * l.qtd)}</span>
                  <div className="enc-linha-acoes">
                    <fieldset className="enc-stepper">
                      <legend className="visually-hidden">Quantidade de {nome}</legend>
                      <button
                        type="button"
                        className="enc-stepper-botao"
                        aria-label={l.qtd === 1 ? `Menos um ${nome} (remove do carrinho)` : `Menos um ${nome}`}
                        onClick={() => local.decrementar(i)}
                      >
                        <span aria-hidden="true">−</span>
                      </button>
                      <output className="enc-stepper-valor" aria-live="polite">
                        {l.qtd}
                      </output>
                      <button
                        type="button"
                        className="enc-stepper-botao"
                        aria-label={`Mais um ${nome}`}
                        disabled={l.qtd >= QUANTIDADE_MAX}
                        onClick={() => local.incrementar(i)}
                      >
                        <span aria-hidden="true">+</span>
                      </button>
                    </fieldset>
                    <button type="button" className="enc-link-button" onClick={() => local.remover(i)}>
                      Remover<span className="visually-hidden"> {nome}</span>
                    </button>
                  </div>
                </li>
              )
            })}
            {embalagens.map((e) => (
              <li key={e.produto} className="enc-linha">
                <span className="enc-linha-nome">
                  {e.qtd} × {linhaEmbalagem(e.produto)}
                </span>
                <span className="enc-linha-total">{formatMoney(e.valor)}</span>
              </li>
            ))}
          </ul>
          <dl className="enc-subtotal" aria-live="polite" id={ids.total}>
            <dt>Subtotal ({artigos(local.quantidade)})</dt>
            <dd>{formatMoney(subtotal)}</dd>
          </dl>
          <p className="muted enc-nota">Preços com IVA incluído; o total final é calculado no passo seguinte.</p>
          <div className="form-actions">
            {esgotados.aviso ? (
              // The checkout would refuse the cart: the way there waits until the sold-out lines are gone.
              <button type="button" className="button" disabled aria-describedby={ids.esgotados}>
                Pagamento - {formatMoney(subtotal)}
              </button>
            ) : (
              <Link className="button" to={paths.finalizarPasso1}>
                Pagamento - {formatMoney(subtotal)}
              </Link>
            )}
          </div>
        </>
      )}
    </main>
  )
}
