import { type ReactNode, useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatTelemovel } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { type Cartao, CartaoSemRede } from '../../lib/cartao-guardado.tsx'
import { useAgruparTelemovel } from '../../lib/telemovel.ts'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { QrCodigo } from './QrCodigo.tsx'
import { useFreshPrivateData } from './use-fresh-private-data.ts'
import './fidelizacao.css'

/**
 * Spec §2 full-screen QR: no header or footer, the QR large on white, below it the phone number, or the security code
 * when the account uses one (it comes with the account data, on every device), and 'Fechar'. Without the network, the
 * code read last (in this page, else the card kept on the device: the same code the till accepts until the security
 * key changes) and when it was read.
 */
export function QrPage() {
  useHeader('Código QR')
  useScreenAwake()
  const query = useFreshPrivateData()
  const { data } = query
  const user = data?.user.data
  if (user && !query.isError && !query.isPaused) return <QrEcra user={user} />
  // A guest: the guard is on its way to the login.
  if (data && !user) return <Loading />
  // No answer for want of a network (the guard's 'cartao'), or a refresh that failed or waits for one.
  return (
    <CartaoSemRede marcaClassName="qr-atualizado">
      {(conta, _, marca) => <QrEcra user={conta} marca={marca} />}
    </CartaoSemRede>
  )
}

function QrEcra({ user, marca }: { user: Cartao; marca?: ReactNode }) {
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
      {marca}
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
