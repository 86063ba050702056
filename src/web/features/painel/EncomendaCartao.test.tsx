import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { EncomendaLoja } from '../../../shared/pedido.ts'
import { EncomendaCartao } from './EncomendaCartao.tsx'

const encomenda: EncomendaLoja = {
  id: 41,
  codigo: '41',
  estado: 1,
  criada_em: '2026-11-27T12:00:00.000Z',
  id_tipo_entrega: 0,
  nome: 'Ana',
  telemovel: '912345678',
  nif: null,
  linhas: [
    { produto: 'Bitoque', qtd: 1, complementos: [], opcoes: [], porcao: 'meia', observacoes: 'Sem cebola', total: 800 },
    { produto: 'Bitoque', qtd: 2, complementos: ['Ovo'], opcoes: [], porcao: 'dose', observacoes: null, total: 2600 },
  ],
  total: 3400,
  desconto: 0,
  desconto_premio: 0,
  valor_pago: 3400,
  levantar_em: null,
  preparar_em: null,
  mesa: null,
  documentos: [],
  verificar_idade: false,
  embalagens: [],
  recipiente_proprio: false,
}

describe('an order on the board (decision 0026)', () => {
  it('shows a half portion beside its product and the note under it; a full dose says nothing more', () => {
    const html = renderToStaticMarkup(
      <EncomendaCartao
        encomenda={encomenda}
        nova={false}
        pendente={undefined}
        pausa={false}
        agora={Date.parse(encomenda.criada_em)}
        onAvancar={() => {}}
        onCancelar={() => {}}
      />,
    )
    const linhas = html.split('<li>').slice(1)
    expect(linhas[0]).toContain('<span class="painel-encomenda-porcao">Meia dose</span>')
    expect(linhas[0]).toMatch(/Observações:<\/span> Sem cebola/)
    expect(html.match(/Meia dose/g)).toHaveLength(1)
    expect(html.match(/Observações/g)).toHaveLength(1)
  })
})

describe('what the law asks of the counter (decision 0037)', () => {
  const cartao = (over: Partial<EncomendaLoja>) =>
    renderToStaticMarkup(
      <EncomendaCartao
        encomenda={{ ...encomenda, ...over }}
        nova={false}
        pendente={undefined}
        pausa={false}
        agora={Date.parse(encomenda.criada_em)}
        onAvancar={() => {}}
        onCancelar={() => {}}
      />,
    )

  it('says to check the age, the customer’s own container, and the packaging charged, only when they apply', () => {
    const comTudo = cartao({
      verificar_idade: true,
      recipiente_proprio: true,
      embalagens: [{ produto: 'Sopa de legumes', qtd: 2, valor: 60 }],
    })
    expect(comTudo).toContain('>Verificar idade</li>')
    expect(comTudo).toContain('>Traz o seu recipiente</li>')
    expect(comTudo).toContain('2 × Contribuição embalagem: Sopa de legumes')
    expect(comTudo).toContain('0,60\u00a0€')
    const nada = cartao({})
    expect(nada).not.toContain('Verificar idade')
    expect(nada).not.toContain('recipiente')
    expect(nada).not.toContain('Contribuição')
  })
})

describe("each state's step on the board", () => {
  const cartao = (estado: EncomendaLoja['estado'], pendente?: 1 | 2 | 3) =>
    renderToStaticMarkup(
      <EncomendaCartao
        encomenda={{ ...encomenda, estado }}
        nova={false}
        pendente={pendente}
        pausa={false}
        // An hour after it came in: late for the kitchen, not for a customer who has yet to collect it.
        agora={Date.parse(encomenda.criada_em) + 3_600_000}
        onAvancar={() => {}}
        onCancelar={() => {}}
      />,
    )
  const botoes = (html: string) => [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1])

  it('moves a received order to preparation, then ready, then collected; only a ready one cannot be cancelled', () => {
    expect(botoes(cartao(-1))).toEqual(['Começar preparação', 'Cancelar'])
    expect(botoes(cartao(1))).toEqual(['Pronto', 'Cancelar'])
    expect(botoes(cartao(2))).toEqual(['Entregue'])
    expect(botoes(cartao(2, 3))).toEqual(['A entregar…'])
    // Started, the card shows in preparation at once, its button waiting for the answer.
    expect(botoes(cartao(-1, 1))).toEqual(['A guardar…', 'Cancelar'])
    expect(botoes(cartao(1, 2))).toEqual(['A concluir…', 'Cancelar'])
    expect(cartao(1)).toContain('painel-encomenda-atrasada')
    expect(cartao(2)).not.toContain('painel-encomenda-atrasada')
  })
})
