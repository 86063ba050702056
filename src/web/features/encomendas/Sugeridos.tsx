import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { Catalogo, ProdutoCatalogo } from '../../../shared/ementa.ts'
import { formatMoney } from '../../../shared/format.ts'
import { avisarAdicao, useEncomendaLocal } from './carrinho.ts'
import { produtoHref } from './ProdutoCartao.tsx'
import { extrasIniciais, precoUnitario, temEscolhaObrigatoria } from './regras.ts'

/** The products `sugeridos` names, as found in the same catalogue (one the customer cannot see is left out). */
export function sugeridosDe(p: ProdutoCatalogo, catalogo: Catalogo): ProdutoCatalogo[] {
  const todos = new Map(catalogo.categorias.flatMap((c) => c.produtos.map((x) => [x.id, x] as const)))
  return p.sugeridos.flatMap((id) => {
    const s = todos.get(id)
    return s && s.id !== p.id ? [s] : []
  })
}

/**
 * 'Acompanha bem com' (issue 22): each suggested product with its price and one tap to add a full dose with its
 * mandatory extras. A product that needs a choice first (a drink to pick, a minimum of extras) opens its own page
 * instead: nothing goes into the cart blindly.
 */
export function Sugeridos({ produto, catalogo }: { produto: ProdutoCatalogo; catalogo: Catalogo }) {
  const tituloId = useId()
  const { adicionar } = useEncomendaLocal()
  const [adicionado, setAdicionado] = useState<string | null>(null)
  const lista = sugeridosDe(produto, catalogo)
  if (lista.length === 0) return null
  return (
    <section className="ementa-sugeridos" aria-labelledby={tituloId}>
      <h2 id={tituloId}>Acompanha bem com</h2>
      <ul>
        {lista.map((s) => {
          const extras = extrasIniciais(s)
          const unitario = precoUnitario(s, extras)
          return (
            <li key={s.id} className="ementa-sugerido">
              <span className="ementa-sugerido-texto">
                <span className="enc-produto-nome">{s.nome}</span>
                <span className="enc-produto-preco">{formatMoney(unitario)}</span>
              </span>
              {s.esgotado ? (
                <span className="muted">Esgotado</span>
              ) : temEscolhaObrigatoria(s) ? (
                <Link className="button button-secondary ementa-sugerido-acao" to={produtoHref(s)}>
                  Escolher<span className="visually-hidden"> {s.nome}</span>
                </Link>
              ) : (
                <button
                  type="button"
                  className="button button-secondary ementa-sugerido-acao"
                  onClick={() => {
                    adicionar({
                      id: s.id,
                      qtd: 1,
                      complementares: extras,
                      opcoes: [],
                      nome: s.nome,
                      unitario,
                      detalhes: s.complementares.filter((c) => extras.includes(c.id)).map((c) => c.nome),
                    })
                    avisarAdicao(`1 × ${s.nome}`)
                    setAdicionado(s.nome)
                  }}
                >
                  Adicionar<span className="visually-hidden"> {s.nome}</span>
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <p className="ementa-sugerido-aviso" aria-live="polite">
        {adicionado && `Adicionado ao carrinho: 1 × ${adicionado}`}
      </p>
    </section>
  )
}
