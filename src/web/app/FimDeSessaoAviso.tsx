import { useState } from 'react'
import { FIM_DE_SESSAO_TEXTO } from '../../shared/fim-de-sessao.ts'
import { usePrivateData } from '../lib/private-data.ts'

/**
 * Says why this device was signed out when it was another device's doing (the password changed there), on whatever
 * screen the person lands on next, until they close it or sign in again.
 */
export function FimDeSessaoAviso() {
  const data = usePrivateData().data
  const [fechado, setFechado] = useState<string | null>(null)
  const motivo = data && !data.user.loggedIn ? data.fimDeSessao : undefined
  if (!motivo || fechado === motivo) return null
  return (
    <div className="fim-sessao" role="alert">
      <p>{FIM_DE_SESSAO_TEXTO[motivo]}</p>
      <button type="button" className="button button-secondary" onClick={() => setFechado(motivo)}>
        Fechar
      </button>
    </div>
  )
}
