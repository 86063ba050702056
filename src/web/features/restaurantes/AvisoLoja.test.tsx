import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { LojaEncomenda } from '../../../shared/ementa.ts'
import { AvisoLoja } from './AvisoLoja.tsx'
import { lojasEncomendaQuery } from './use-aviso-loja.ts'

const loja = (id_loja: number, aviso: string | null): LojaEncomenda => ({
  id_loja,
  nome: `Loja ${id_loja}`,
  latitude: 38.7,
  longitude: -9.1,
  aberta: aviso === null,
  em_pausa: aviso !== null,
  aviso,
})

function render(idLoja: number, lojas: LojaEncomenda[]) {
  const client = new QueryClient()
  client.setQueryData(lojasEncomendaQuery().queryKey, lojas)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AvisoLoja idLoja={idLoja} />
    </QueryClientProvider>,
  )
}

describe("a store's page", () => {
  const pausa = 'Esta loja não está a aceitar encomendas de momento. Volta a aceitar às 15:30.'
  const fecho = 'Esta loja está encerrada hoje (Feriado). Não aceita encomendas.'
  const lojas = [loja(862, pausa), loja(848, fecho), loja(900, null)]

  it("shows today's pause or closure in the catalogue's words, of its own store only", () => {
    expect(render(862, lojas)).toBe(`<p class="loja-aviso" role="status">${pausa}</p>`)
    expect(render(848, lojas)).toContain(fecho)
  })

  it('shows nothing for a store taking orders, or one the ordering list does not have', () => {
    expect(render(900, lojas)).toBe('')
    expect(render(1, lojas)).toBe('')
  })
})
