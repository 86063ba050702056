import { useEffect, useState } from 'react'
import { ativarPush, desativarPush, type EstadoPush, estadoPush } from '../lib/push.ts'
import './ativar-notificacoes.css'

/**
 * The offer of notifications on this device, where the customer has a reason to want them: the order confirmation
 * ("know when it is ready") and the profile. Nothing shows where the browser cannot do it or the server has it off.
 */
export function AtivarNotificacoes({ motivo }: { motivo: string }) {
  const [estado, setEstado] = useState<EstadoPush | 'a-ler'>('a-ler')
  const [ocupado, setOcupado] = useState(false)
  const [erro, setErro] = useState('')
  useEffect(() => {
    let ativo = true
    estadoPush().then(
      (e) => ativo && setEstado(e),
      () => ativo && setEstado('indisponivel'),
    )
    return () => {
      ativo = false
    }
  }, [])

  if (estado === 'a-ler' || estado === 'indisponivel') return null

  const mudar = async (acao: () => Promise<EstadoPush>) => {
    setOcupado(true)
    setErro('')
    try {
      setEstado(await acao())
    } catch {
      setErro('Não foi possível ativar as notificações neste dispositivo. Tente mais tarde.')
    } finally {
      setOcupado(false)
    }
  }

  return (
    <section className="ativar-notificacoes" aria-labelledby="ativar-notificacoes-titulo">
      <h2 id="ativar-notificacoes-titulo">Notificações neste dispositivo</h2>
      {estado === 'ativo' ? (
        <>
          <p>Está a receber as notificações neste dispositivo.</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={ocupado}
            onClick={() =>
              void mudar(async () => {
                await desativarPush()
                return 'inativo'
              })
            }
          >
            {ocupado ? 'A desativar…' : 'Desativar notificações'}
          </button>
        </>
      ) : estado === 'bloqueado' ? (
        <p>As notificações estão bloqueadas para esta app. Pode permiti-las nas definições do navegador.</p>
      ) : (
        <>
          <p>{motivo}</p>
          <button type="button" className="button" disabled={ocupado} onClick={() => void mudar(ativarPush)}>
            {ocupado ? 'A ativar…' : 'Ativar notificações'}
          </button>
        </>
      )}
      {erro && (
        <p className="field-error" role="alert">
          {erro}
        </p>
      )}
    </section>
  )
}
