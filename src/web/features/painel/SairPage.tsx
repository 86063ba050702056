import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { PainelCarregando, PainelErro, PainelLayout } from './PainelLayout.tsx'
import { useSair } from './use-sair.ts'

/** `/painel/sair`: ends this tablet's session with the store; pairing again needs the store key. */
export function SairPage() {
  const { mutate: sair, status, error } = useSair()
  const started = useRef(false)
  const [tentativa, setTentativa] = useState(0)

  useEffect(() => {
    if (started.current && tentativa === 0) return
    started.current = true
    sair()
  }, [sair, tentativa])

  if (status === 'error') {
    return (
      <PainelLayout title="Sair">
        <PainelErro error={error} onRetry={() => setTentativa((n) => n + 1)} />
      </PainelLayout>
    )
  }
  if (status !== 'success') {
    return (
      <PainelLayout title="Sair">
        <PainelCarregando label="A terminar sessão…" />
      </PainelLayout>
    )
  }
  return (
    <PainelLayout title="Sessão terminada" className="painel-sair">
      <div className="painel-cartao">
        <h1>Sessão terminada</h1>
        <p>Este tablet já não está associado à loja.</p>
        <Link to={paths.painelEntrar} className="button painel-botao painel-botao-grande">
          Entrar novamente
        </Link>
      </div>
    </PainelLayout>
  )
}
