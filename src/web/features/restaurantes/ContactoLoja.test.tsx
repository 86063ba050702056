import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ContactoLoja } from './ContactoLoja.tsx'

describe("a store's phone on its page (DL 59/2021)", () => {
  it('comes with its call-cost note beside it, the note describing the link', () => {
    const html = renderToStaticMarkup(
      <ContactoLoja address={{ phone: '+351 213 000 862', custoChamada: 'Chamada para a rede fixa nacional' }} />,
    )
    expect(html).toContain('<a href="tel:+351213000862" aria-describedby=')
    expect(html).toContain('>+351 213 000 862</a>')
    expect(html).toContain('class="custo-chamada">(Chamada para a rede fixa nacional)</span>')
    // Not in smaller print: the same element kind as the text around it.
    expect(html).not.toContain('<small')
  })

  it('is not shown when its cost cannot be told (a number stored before the back-office checked it), nor without one', () => {
    expect(renderToStaticMarkup(<ContactoLoja address={{ phone: '707 200 300', custoChamada: null }} />)).toBe('')
    expect(renderToStaticMarkup(<ContactoLoja address={{ phone: null, custoChamada: null }} />)).toBe('')
  })
})
