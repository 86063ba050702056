import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { CarimbosCliente, CarimbosMovimento } from '../../../shared/carimbos.ts'
import type { Cliente, TransacaoLoja } from '../../../shared/fidelizacao.ts'
import { ClienteResumo } from './ClienteResumo.tsx'
import { CompraConfirmada } from './CompraConfirmada.tsx'
import { CompraForm } from './CompraForm.tsx'
import { textosDoMovimento } from './carimbos-textos.ts'

/** The stamp cards at the till (decision 0057): what the customer holds, the offers to give, what a purchase did. */

const cafes: CarimbosCliente = { cartao_id: 3, nome: 'Cafés', carimbos: 4, por_oferta: 10, ofertas: 0 }

const cliente = (carimbos: CarimbosCliente[]): Cliente => ({
  id: 7,
  nome: 'Rita Fonseca',
  saldo: 0,
  pontos: 10,
  patamar: 100,
  itens: 0,
  temporario: 0,
  nif: null,
  premios: [],
  aniversario: null,
  carimbos,
})

const movimento = (m: Partial<CarimbosMovimento>): CarimbosMovimento => ({
  cartao_id: 3,
  nome: 'Cafés',
  carimbos_ganhos: 0,
  ofertas_ganhas: 0,
  ofertas_usadas: 0,
  carimbos: 0,
  ofertas: 0,
  ...m,
})

const transacao = (carimbos: CarimbosMovimento[] | undefined): TransacaoLoja => ({
  id: 90,
  tipo: 'compra',
  id_loja: 862,
  loja: 'Chiado',
  restaurante: 'Forno',
  data: '02/12/2026',
  hora: '10:00',
  criado_em: '2026-12-02T10:00:00.000Z',
  subtotal: 500,
  desconto: 0,
  valor_pago: 500,
  total_discount: 0,
  saldo_anterior: 0,
  saldo_adicionado: 25,
  saldo_removido: 0,
  saldo_actual: 25,
  pontos_anterior: 10,
  pontos_ganhos: 5,
  pontos_actual: 15,
  itens_redimidos: 0,
  itens_adicionados: 0,
  id_perfil: 1,
  id_opiniao: null,
  documentos: [],
  promocoes: [],
  referencia: 'FT 1',
  aviso: null,
  premios: [],
  ...(carimbos ? { carimbos } : {}),
})

const nada = () => {}

describe("the till's words for a purchase's stamps", () => {
  it('says the stamps and offers earned, and the offers handed over', () => {
    expect(textosDoMovimento(movimento({ carimbos_ganhos: 2 }))).toEqual({
      ganhos: ['+2 carimbos (Cafés)'],
      entregue: null,
    })
    expect(textosDoMovimento(movimento({ carimbos_ganhos: 1, ofertas_ganhas: 1, ofertas_usadas: 1 }))).toEqual({
      ganhos: ['+1 carimbo (Cafés)', '+1 oferta (Cafés)'],
      entregue: 'Entregue ao cliente: 1 × oferta Cafés',
    })
    expect(textosDoMovimento(movimento({ ofertas_ganhas: 2 })).ganhos).toEqual(['+2 ofertas (Cafés)'])
  })
})

describe('the customer identified at the till', () => {
  it("shows each card in the customer's words, and the offers held", () => {
    const html = renderToStaticMarkup(<ClienteResumo cliente={cliente([{ ...cafes, ofertas: 1 }])} onTrocar={nada} />)
    expect(html).toContain('<dt>Carimbos</dt><dd>Cafés: 4 de 9 carimbos. O 10.º é oferta.')
    expect(html).toContain('Tem 1 oferta para usar na loja.')
    expect(renderToStaticMarkup(<ClienteResumo cliente={cliente([])} onTrocar={nada} />)).not.toContain('Carimbos')
  })
})

describe('the purchase form', () => {
  const form = (c: Cliente) =>
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <CompraForm cliente={c} identificacao="prova" onRegistada={nada} onErro={nada} />
      </QueryClientProvider>,
    )

  it('offers to give an offer only when the customer holds one: a tick for one, how many for several', () => {
    expect(form(cliente([cafes]))).not.toContain('Dar oferta')
    const uma = form(cliente([{ ...cafes, ofertas: 1 }]))
    expect(uma).toMatch(/type="checkbox"[^>]*name="oferta_carimbos_3"/)
    expect(uma).toContain('>Dar oferta: Cafés</label>')
    const tres = form(cliente([{ ...cafes, ofertas: 3 }]))
    expect(tres).toContain('>Dar oferta: Cafés</label>')
    expect(tres).toContain('<option value="3">3 × oferta Cafés</option>')
    expect(tres).not.toContain('<option value="4">')
  })
})

describe('the purchase registered', () => {
  it('says what each card did, the offer handed over, and where the card now stands', () => {
    const html = renderToStaticMarkup(
      <CompraConfirmada
        cliente={cliente([{ ...cafes, ofertas: 1 }])}
        transacao={transacao([movimento({ carimbos_ganhos: 2, ofertas_usadas: 1, carimbos: 6 })])}
        onNovaCompra={nada}
      />,
    )
    expect(html).toContain('<strong>+2 carimbos (Cafés)</strong>')
    expect(html).toContain('Entregue ao cliente: 1 × oferta Cafés')
    expect(html).toContain('Cafés: 6 de 9 carimbos. O 10.º é oferta.')
    expect(html).not.toContain('para usar na loja')
  })

  it('says nothing of stamp cards when the purchase touched none', () => {
    const html = renderToStaticMarkup(
      <CompraConfirmada cliente={cliente([cafes])} transacao={transacao(undefined)} onNovaCompra={nada} />,
    )
    expect(html).not.toContain('Cartões de carimbos')
  })
})
