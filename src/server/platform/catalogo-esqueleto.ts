import {
  FILTROS_RAPIDOS,
  IMAGEM_ALTURA,
  IMAGEM_LARGURA,
  LOJA_FECHADA,
  marcasCurtas,
  PRODUTOS_POR_CATEGORIA,
  primeiraCategoria,
} from '../../shared/catalogo-ecra.ts'
import type { Catalogo, LojaEncomenda, ProdutoCatalogo } from '../../shared/ementa.ts'
import { formatMoney } from '../../shared/format.ts'
import { PRODUTO_CARTAO_SIZES } from '../../shared/imagens.ts'
import { escapeAttribute, escapeHtml } from './html.ts'
import { PINTADA, pictureHtml } from './pintura.ts'

/**
 * The top of the catalogue painted by the HTML itself (the catalogue's LCP, docs/decisions/0010-first-load-budget.md): the
 * chosen store, the filters and the first category's first row, with the first tile's picture, in the very markup
 * and classes the app's screen renders (web/features/encomendas/CatalogoPage.tsx, CatalogoLista.tsx,
 * FiltrosEmenta.tsx, ProdutoCartao.tsx), so that each box is where the app will put it (`.app-skeleton-ecra` in
 * styles.css: under the header, a phone's layout only). On a slow phone the screen shows its top as soon as the page,
 * its style sheets and that picture are in, not after the app's scripts; it goes when the app renders. Decoration for
 * assistive technology (`aria-hidden`, nothing focusable): the app's screen carries the meaning.
 *
 * What the device alone knows is left blank, in a box of the same size: the kind of sale chosen, and so a price that
 * differs between the two (shared/tabelas-preco.ts). The filters are shown off: a device that kept some on sees the
 * app's list replace the first row.
 */
export function esqueletoCatalogo(catalogo: Catalogo, loja: LojaEncomenda | undefined): string {
  const categoria = primeiraCategoria(catalogo.categorias)
  if (!categoria) return ''
  const produtos = categoria.produtos.slice(0, PRODUTOS_POR_CATEGORIA)
  const aviso = loja && !loja.aberta ? `<p class="enc-aviso">${escapeHtml(loja.aviso ?? LOJA_FECHADA)}</p>` : ''
  const filtros = [
    ...FILTROS_RAPIDOS.map((f) => botao(`<span class="ementa-filtro-marca"></span>${escapeHtml(f.nome)}`)),
    botao('Alergénios<span class="ementa-filtro-seta">▾</span>'),
  ].join('')
  return (
    '<div class="page enc-page app-skeleton-ecra" aria-hidden="true">' +
    '<section class="enc-loja-atual"><p class="enc-loja-atual-texto">' +
    `<strong class="enc-loja-atual-nome">${escapeHtml(loja?.nome ?? '…')}</strong><span class="muted">&nbsp;</span>` +
    `</p><button type="button" class="enc-link-button" tabindex="-1">alterar</button></section>${aviso}` +
    `<section class="ementa-filtros"><div class="ementa-filtros-botoes">${filtros}</div>` +
    '<div class="ementa-filtros-estado"><p></p></div></section>' +
    `<section class="enc-categoria"><h2>${escapeHtml(categoria.nome)}</h2><ul class="enc-produtos">` +
    produtos.map((p, i) => cartao(p, i)).join('') +
    '</ul></section></div>'
  )
}

const botao = (conteudo: string) => `<button type="button" class="ementa-filtro" tabindex="-1">${conteudo}</button>`

/** A tile as ProdutoCartao renders it, as a link to nowhere (not focusable); the first one's picture is the lead. */
function cartao(p: ProdutoCatalogo, i: number): string {
  const marcas = marcasCurtas(p)
  // The same price for both kinds of sale, or nothing until the app knows which one the device chose.
  const preco = p.pvp_com_iva === p.pvp_na_loja_com_iva ? formatMoney(p.pvp_com_iva) : '&nbsp;'
  return (
    `<li class="enc-produto"><a>${imagem(p, i)}` +
    `<span class="enc-produto-nome">${escapeHtml(p.nome)}</span>` +
    (marcas.length > 0 ? `<span class="ementa-marcas-curtas">${escapeHtml(marcas.join(' · '))}</span>` : '') +
    `<span class="enc-produto-preco">${preco}${p.esgotado ? '<span class="enc-esgotado"> Esgotado</span>' : ''}</span>` +
    '</a></li>'
  )
}

/**
 * The tile's picture with the app's srcset and sizes (ui/Picture.tsx), so that the app's is the same file; the first
 * one at high priority, marked as the paint the app's scripts wait for (arranque.ts), the second eager, the others
 * (beside them from 600px) lazy.
 */
function imagem(p: ProdutoCatalogo, i: number): string {
  if (!p.imagem) return '<span class="enc-produto-imagem enc-sem-imagem"></span>'
  const prioridade = i === 0 ? ` fetchpriority="high" ${PINTADA}` : i === 1 ? '' : ' loading="lazy"'
  return (
    pictureHtml(p.imagem, PRODUTO_CARTAO_SIZES, { imgClass: 'enc-produto-imagem', img: prioridade }) ??
    // A URL outside the naming rule: the picture as it is, in the size the screen reserves for it (ui/Picture.tsx).
    `<img class="enc-produto-imagem" alt="" width="${IMAGEM_LARGURA}" height="${IMAGEM_ALTURA}"${prioridade} src="${escapeAttribute(p.imagem)}">`
  )
}
