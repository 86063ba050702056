import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PrivateData } from '../../shared/conta.ts'
import { PRIVATE_DATA_KEY, SEM_SESSAO } from '../lib/private-data.ts'
import { FimDeSessaoAviso } from './FimDeSessaoAviso.tsx'

function render(data: PrivateData) {
  const client = new QueryClient()
  client.setQueryData(PRIVATE_DATA_KEY, data)
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <FimDeSessaoAviso />
    </QueryClientProvider>,
  )
}

describe('a device signed out elsewhere', () => {
  it('is told why, in pt-PT, when the password changed on another device', () => {
    const html = render({ ...SEM_SESSAO, fimDeSessao: 'password' })
    expect(html).toContain('role="alert"')
    expect(html).toContain(
      'A sua sessão terminou porque a password da conta foi alterada noutro dispositivo. Inicie sessão com a nova password.',
    )
  })

  it('hears nothing when it signed out itself, or is signed in again', () => {
    expect(render(SEM_SESSAO)).toBe('')
    expect(render({ ...SEM_SESSAO, user: { ...SEM_SESSAO.user, loggedIn: true }, fimDeSessao: 'password' })).toBe('')
  })
})
