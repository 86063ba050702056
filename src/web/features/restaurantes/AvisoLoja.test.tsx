import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { EstadoLoja } from '../../../shared/catalogo.ts'
import { AvisoLoja } from './AvisoLoja.tsx'
import { estadoLojaQuery } from './use-aviso-loja.ts'

const estado = (id_loja: number, aviso: string | null, em_pausa = false): EstadoLoja => ({
  id_loja,
  encerrada: aviso !== null && !em_pausa,
  em_pausa,
  aviso,
})

function render(idLoja: number, estados: EstadoLoja[]) {
  const client = new QueryClient()
  for (const e of estados) client.setQueryData(estadoLojaQuery(e.id_loja).queryKey, e)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AvisoLoja idLoja={idLoja} />
    </QueryClientProvider>,
  )
}

describe("a store's page", () => {
  const pausa = 'Esta loja não está a aceitar encomendas de momento. Volta a aceitar às 15:30.'
  const fecho = 'Esta loja está encerrada hoje (Feriado). Não aceita encomendas.'
  const estados = [estado(862, pausa, true), estado(848, fecho), estado(900, null)]

  it("shows today's pause or closure in the catalogue's words, from its own store's state", () => {
    expect(render(862, estados)).toBe(`<p class="loja-aviso" role="status">${pausa}</p>`)
    expect(render(848, estados)).toBe(`<p class="loja-aviso" role="status">${fecho}</p>`)
  })

  it('shows nothing for a store neither closed nor paused, nor before its state has come', () => {
    expect(render(900, estados)).toBe('')
    expect(render(1, estados)).toBe('')
  })
})
