import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './html.ts'

describe('sanitizeHtml', () => {
  it('keeps text formatting and line breaks', () => {
    expect(sanitizeHtml('Olá\n<strong>mundo</strong><br><em>!</em>')).toBe(
      'Olá\n<strong>mundo</strong><br /><em>!</em>',
    )
  })

  it('drops scripts, styles, handlers and dangerous links', () => {
    const dirty =
      '<script>alert(1)</script><style>*{}</style><p onclick="x()">a</p><a href="javascript:alert(1)">b</a><iframe src="//x"></iframe><img src=x onerror=y>'
    expect(sanitizeHtml(dirty)).toBe('<p>a</p><a>b</a>')
  })

  it('makes links that open a new tab safe', () => {
    expect(sanitizeHtml('<a href="https://example.pt" target="_blank">x</a>')).toBe(
      '<a href="https://example.pt" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })
})
