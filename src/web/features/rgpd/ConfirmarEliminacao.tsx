import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { PrivateData } from '../../../shared/conta.ts'
import { formatMoney, pontosLabel } from '../../../shared/format.ts'
import type { ResumoCancelamento } from '../../../shared/rgpd.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { loginReturnState } from '../../lib/login-return.ts'
import { ownSessionEnd, PRIVATE_DATA_KEY, usePrivateData, useSetPrivateData } from '../../lib/private-data.ts'
import { desativarPush } from '../../lib/push.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useSubmission } from '../../ui/submission.tsx'
import { LinkInvalido, PedidoIndisponivel } from './LinkIndisponivel.tsx'
import { textos } from './textos.ts'
import { useCancelamento } from './use-cancelamento.ts'
import { useEliminarConta } from './use-eliminar-conta.ts'
import { usePedido } from './use-pedido.ts'
import './rgpd.css'
import { Redirect } from '../../ui/Redirect.tsx'

/**
 * The confirmation of an account's erasure (spec §4: confirmed, then every personal datum anonymised), the same for the
 * e-mailed erasure link (`token`) and the profile's 'Cancelar conta' (`token` null). It says what will happen, with the
 * balance and points that will be lost, and erases on 'Confirmar'; then this device is a visitor, told so, and goes
 * home.
 *
 * Like /logout it guards itself (route access `open`): login required, but the person who has just erased the account
 * here must not be sent to login when the data say "guest" (they stay to read what happened).
 */
export function ConfirmarEliminacao({ token }: { token: string | null }) {
  useHeader('Eliminar conta', paths.perfil)
  const query = usePrivateData()
  const location = useLocation()
  const setPrivateData = useSetPrivateData()
  const [eliminada, setEliminada] = useState(false)

  if (eliminada) return <ContaEliminada />
  if (query.isPending) return <Loading />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  const { user } = query.data
  // The shell's guards for a login-required screen (app/guards.ts), here since the route is `open`.
  if (!user.sawOnboarding) return <Redirect to={paths.onboarding} />
  if (!user.loggedIn || !user.data) {
    return <Redirect to={paths.login} state={loginReturnState(location.pathname)} />
  }
  // A provisional account, or one mid-recovery, may erase itself without giving more data first (decision 0017).

  const onEliminada = (visitante: PrivateData) => {
    // This device is a visitor from now on (the server's new anonymous session): the header, the navigation and the
    // event stream follow at once; this screen stays to say what happened.
    setPrivateData(visitante)
    // The stream closed with the private data: the mark has served, whether or not this screen is still open.
    ownSessionEnd.running = false
    setEliminada(true)
    // A shared phone must not go on receiving this customer's notifications (best effort, as on logout).
    void desativarPush().catch(() => {})
  }
  return token === null ? (
    <CancelarConta onEliminada={onEliminada} />
  ) : (
    <EsquecimentoLink token={token} onEliminada={onEliminada} />
  )
}

interface PassoProps {
  onEliminada: (visitante: PrivateData) => void
}

/** The profile's 'Cancelar conta': what would be lost, read now. */
function CancelarConta({ onEliminada }: PassoProps) {
  const query = useCancelamento(true)
  if (query.isPending) return <Loading />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  return <Confirmacao token={null} resumo={query.data} onEliminada={onEliminada} onMudou={() => void query.refetch()} />
}

/** An e-mailed erasure link: the request it names, while it can be used. */
function EsquecimentoLink({ token, onEliminada }: PassoProps & { token: string }) {
  const query = usePedido(token)
  if (query.isPending) return <Loading />
  if (query.isError) return <PedidoIndisponivel error={query.error} onRetry={() => void query.refetch()} />
  const { tipo, resumo } = query.data
  // A data export's link opened on the erasure's path: not a link for this.
  if (tipo !== 'esquecimento' || !resumo) return <LinkInvalido message={textos.linkInvalido} />
  return <Confirmacao token={token} resumo={resumo} onEliminada={onEliminada} onMudou={() => void query.refetch()} />
}

interface ConfirmacaoProps extends PassoProps {
  token: string | null
  resumo: ResumoCancelamento
  /** Read the request again: the erasure was refused (an order started, the link was used elsewhere meanwhile). */
  onMudou: () => void
}

function Confirmacao({ token, resumo, onEliminada, onMudou }: ConfirmacaoProps) {
  const eliminar = useEliminarConta(token)
  const submission = useSubmission()
  const queryClient = useQueryClient()

  async function confirmar() {
    const outcome = await submission.run(() => eliminar.mutateAsync())
    if (outcome.ok) {
      onEliminada(outcome.value)
      return
    }
    const { error } = outcome
    submission.showError(error, () => {
      // No answer (offline): whether the account still exists is for the server to say; refused: the screen shows why.
      if (error instanceof ApiError && error.status === 0) {
        void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
      }
      onMudou()
    })
  }

  return (
    <main className="page" id="conteudo">
      <h1>Eliminar a conta</h1>
      {resumo.pedidoEmCurso ? (
        <>
          <p className="rgpd-aviso" role="alert">
            {textos.pedidoEmCurso}
          </p>
          <div className="rgpd-acoes">
            <Link className="button button-secondary" to={paths.perfil}>
              Voltar à conta
            </Link>
          </div>
        </>
      ) : (
        <>
          <section className="rgpd-cartao" aria-labelledby="eliminar-o-que-acontece">
            <h2 id="eliminar-o-que-acontece">Ao confirmar</h2>
            <ul className="rgpd-lista">
              <li>
                Os seus dados pessoais (nome, telemóvel, email, data de nascimento, código postal, género, código de
                parceria, NIF e nome de faturação, chave de segurança e password) são apagados de imediato e para
                sempre.
              </li>
              <li>
                Perde o saldo da conta, <strong>{formatMoney(resumo.saldo)}</strong>, e os pontos acumulados,{' '}
                <strong>{pontosLabel(resumo.pontos)}</strong>.
              </li>
              <li>A sessão termina em todos os dispositivos em que entrou.</li>
              <li>
                As suas transações e pedidos ficam registados na contabilidade do grupo, sem nenhuma ligação a si.
              </li>
              <li>O seu número de telemóvel pode voltar a registar-se, como um cliente novo.</li>
            </ul>
            <p>
              <strong>Não é possível desfazer esta ação.</strong>
            </p>
          </section>
          <div className="rgpd-acoes">
            <button type="button" className="button" onClick={() => void confirmar()}>
              Confirmar
            </button>
            <Link className="button button-secondary" to={paths.perfil}>
              Cancelar
            </Link>
          </div>
        </>
      )}
      {submission.feedback}
    </main>
  )
}

/** Done: said in a dialog, then home, as a visitor. */
function ContaEliminada() {
  const navigate = useNavigate()
  const [aberto, setAberto] = useState(true)
  // Home is where this ends, however the screen is left; the stream's mark (use-eliminar-conta.ts) goes with it.
  useEffect(
    () => () => {
      ownSessionEnd.running = false
    },
    [],
  )
  return (
    <main className="page" id="conteudo">
      <h1>Conta eliminada</h1>
      {/* Announced once, by the dialog; the page keeps it in writing after the dialog closes. */}
      <p className="rgpd-aviso rgpd-feito">{textos.contaEliminada}</p>
      <div className="rgpd-acoes">
        <Link className="button" to={paths.home} replace>
          Ir para o início
        </Link>
      </div>
      {aberto && (
        <Dialog
          title="Conta eliminada"
          message={textos.contaEliminada}
          onClose={() => {
            setAberto(false)
            void navigate(paths.home, { replace: true })
          }}
        />
      )}
    </main>
  )
}
