import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import type { UserData } from '../../../shared/conta.ts'
import { formatTelemovel } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { useAgruparTelemovel } from '../../lib/telemovel.ts'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { QrCodigo } from './QrCodigo.tsx'
import './fidelizacao.css'

/**
 * Spec §2 full-screen QR: no header or footer, the QR large on white, below it the phone number, or the security code
 * when the account uses one (it comes with the account data, on every device), and 'Fechar'.
 */
export function QrPage() {
  useHeader('Código QR')
  useScreenAwake()
  const user = usePrivateData().data?.user.data
  return user ? <QrEcra user={user} /> : <Loading />
}

function QrEcra({ user }: { user: UserData }) {
  const navigate = useNavigate()
  const chave = user.codigo_seguranca
  const agrupar = useAgruparTelemovel(user.pais)
  // Escape closes, as 'Fechar' does.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') void navigate(paths.fidelizacao)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [navigate])

  return (
    <main className="qr-ecra" id="conteudo">
      <h1 className="qr-ecra-titulo">Mostre este código ao pagar</h1>
      <QrCodigo value={user.qrCode} label="Código QR de fidelização" className="qr-grande" />
      {user.usar_codigo_seguranca === 0 ? (
        <p className="qr-identificacao">
          <span className="qr-rotulo">Telemóvel</span>
          <span className="qr-valor">{formatTelemovel(user.pais, user.telemovel, agrupar)}</span>
        </p>
      ) : chave ? (
        <p className="qr-identificacao">
          <span className="qr-rotulo">Código de segurança</span>
          <span className="qr-valor qr-chave">{chave}</span>
        </p>
      ) : (
        <div className="qr-identificacao qr-sem-chave">
          <p>Não foi possível mostrar o seu código de segurança.</p>
          <p>
            <Link to={paths.chaveSeguranca}>Gerar uma nova chave de segurança</Link>
          </p>
        </div>
      )}
      <Link className="button qr-fechar" to={paths.fidelizacao}>
        Fechar
      </Link>
    </main>
  )
}

/** Keeps the screen on while the code is shown (Screen Wake Lock, where the browser has it), for the till to scan. */
function useScreenAwake() {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return
    let sentinel: WakeLockSentinel | null = null
    let active = true
    const request = async () => {
      try {
        const lock = await navigator.wakeLock.request('screen')
        if (active) sentinel = lock
        else void lock.release()
      } catch {
        // Refused (battery saver, no permission, page hidden): the screen simply follows its own settings.
      }
    }
    // A lock is dropped when the page is hidden; ask again when it is back.
    const onVisible = () => {
      if (document.visibilityState === 'visible') void request()
    }
    void request()
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      active = false
      document.removeEventListener('visibilitychange', onVisible)
      void sentinel?.release()
    }
  }, [])
}
