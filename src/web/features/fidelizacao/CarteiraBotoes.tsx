import { useState } from 'react'
import { API_VERSION } from '../../../shared/api.ts'
import { ApiError, apiGet, UNEXPECTED_MESSAGE } from '../../lib/api.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { carteiraDoDispositivo } from './carteira-do-dispositivo.ts'
import './carteira.css'

/**
 * 'Adicionar à Apple Wallet' or 'Guardar no Google Wallet', for the wallet this device has and the server is set up
 * for (decision 0047). Apple's is a link to the pass (a navigation is what makes Safari offer it); Google's asks the
 * server for its save link, then opens it.
 */
export function CarteiraBotoes({ disponiveis }: { disponiveis: { apple: boolean; google: boolean } }) {
  const [aAbrir, setAAbrir] = useState(false)
  const [erro, setErro] = useState<string | null>(null)
  // After hydration only: the server does not know the device, and its render must be the browser's first.
  const hidratado = useHydrated()
  const carteira = hidratado ? carteiraDoDispositivo(navigator.userAgent) : null
  if (!carteira || !disponiveis[carteira]) return null
  if (carteira === 'apple') {
    return (
      <p className="carteira">
        <a className="carteira-botao carteira-apple" href={`/api/carteira/apple?v=${API_VERSION}`}>
          Adicionar à Apple Wallet
        </a>
      </p>
    )
  }
  async function guardar() {
    setErro(null)
    setAAbrir(true)
    try {
      const { url } = await apiGet<{ url: string }>('/api/carteira/google')
      window.location.assign(url)
    } catch (error) {
      setErro(error instanceof ApiError ? error.message : UNEXPECTED_MESSAGE)
      setAAbrir(false)
    }
  }

  return (
    <div className="carteira">
      <button
        type="button"
        className="carteira-botao carteira-google"
        onClick={guardar}
        aria-busy={aAbrir}
        disabled={aAbrir}
      >
        {aAbrir ? 'A abrir o Google Wallet…' : 'Guardar no Google Wallet'}
      </button>
      {erro && (
        <p className="field-error" role="alert">
          {erro}
        </p>
      )}
    </div>
  )
}
