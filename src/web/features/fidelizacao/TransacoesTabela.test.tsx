import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Transacao } from '../../../shared/fidelizacao.ts'
import { TransacoesTabela } from './TransacoesTabela.tsx'

const compra: Transacao = {
  id: 1,
  tipo: 'compra',
  id_loja: 862,
  loja: 'Chiado',
  restaurante: 'Tasca',
  data: '28/11/2026',
  hora: '12:30',
  criado_em: '2026-11-28T12:30:00.000Z',
  subtotal: 2000,
  desconto: 0,
  valor_pago: 2000,
  total_discount: 0,
  saldo_anterior: 0,
  saldo_adicionado: 100,
  saldo_removido: 0,
  saldo_actual: 100,
  pontos_anterior: 0,
  pontos_ganhos: 20,
  pontos_actual: 20,
  itens_redimidos: 0,
  itens_adicionados: 0,
  id_perfil: 1,
  id_opiniao: null,
  motivo: null,
  documentos: [
    { tipo: 'FT', numero: 'FT A/1', atcud: 'ABCD-1', qr: 'A:1', emitido_em: '2026-11-28T12:30:00.000Z', pdf_url: null },
  ],
  promocoes: [],
}

/** What the server sends of an expiry (decision 0058): no store, nothing paid, the credit and points it took. */
const expiracao: Transacao = {
  ...compra,
  id: 2,
  tipo: 'expiracao',
  id_loja: 0,
  loja: 'Expiração',
  restaurante: '',
  data: '01/01/2027',
  hora: '09:00',
  subtotal: 0,
  valor_pago: 0,
  saldo_anterior: 100,
  saldo_adicionado: 0,
  saldo_removido: 100,
  saldo_actual: 0,
  pontos_anterior: 20,
  pontos_ganhos: -20,
  pontos_actual: 0,
}

const tabela = (transacoes: Transacao[]) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <TransacoesTabela
        transacoes={transacoes}
        labelledBy="titulo"
        opinioes
        documentos={(t) => <span className="documentos">{t.documentos.length} documentos</span>}
      />
    </MemoryRouter>,
  ).replace(/\u00a0/g, ' ')

const linhas = (html: string) => html.split('<tr').slice(2)

describe("the customer's movements", () => {
  it('shows a purchase with its amount, its fiscal documents and the opinion link', () => {
    const [linha = ''] = linhas(tabela([compra]))
    expect(linha).toContain('Compra · 20,00 €')
    expect(linha).toContain('<span class="valor-mais">+1,00 €</span>')
    expect(linha).toContain('+20 pontos')
    expect(linha).toContain('1 documentos')
    expect(linha).toContain('Deixe a sua opinião')
  })

  it('shows an expiry as Expiração, the credit and points it took as removed, with no opinion or documents', () => {
    const [linha = ''] = linhas(tabela([{ ...expiracao, documentos: compra.documentos }]))
    expect(linha).toContain('<span class="transacao-loja-nome">Expiração</span>')
    expect(linha).toContain('Saldo e pontos expirados')
    expect(linha).not.toContain('Compra')
    expect(linha).not.toContain('0,00 €')
    expect(linha).toContain('<span class="valor-menos">-1,00 €</span>')
    expect(linha).toContain('<span class="valor-menos">-20 pontos</span>')
    expect(linha).not.toContain('documentos')
    expect(linha).not.toContain('Deixe a sua opinião')
  })

  it('shows an expiry of points alone with no balance change', () => {
    const [linha = ''] = linhas(tabela([{ ...expiracao, saldo_removido: 0, saldo_anterior: 0, saldo_actual: 0 }]))
    expect(linha).toContain('Pontos expirados')
    expect(linha).toContain('<span class="muted">0,00 €</span>')
    expect(linha).toContain('<span class="valor-menos">-20 pontos</span>')
  })
})
