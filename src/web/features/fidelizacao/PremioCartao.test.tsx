import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PremioCartao } from './PremioCartao.tsx'

const user = { pontos: 30, patamar: 100, itens: 0 }
const cartao = (expiracao: Parameters<typeof PremioCartao>[0]['expiracao']) =>
  renderToStaticMarkup(
    <PremioCartao user={user} premio={null} percent={5} aniversario={null} expiracao={expiracao} />,
  ).replace(/\u00a0/g, ' ')

describe("the card's words on points and rewards", () => {
  it('says what expires next and its last day (decision 0058)', () => {
    const html = cartao({ dia: '2026-12-31', saldo: 100, pontos: 30 })
    expect(html).toContain('Faltam 70 pontos para o próximo prémio.')
    expect(html).toContain(
      '<p class="fid-ajuda fid-expira">Expiram 1,00 € de saldo e 30 pontos no fim do dia 31/12/2026.</p>',
    )
  })

  it('says nothing of an expiry when nothing expires', () => {
    expect(cartao(null)).not.toContain('Expira')
    expect(cartao({ dia: '2026-12-31', saldo: 0, pontos: 0 })).not.toContain('fid-expira')
  })
})
