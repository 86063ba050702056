import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { formatDateTime } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import type { Ficheiro } from '../../lib/api-download.ts'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useSubmission } from '../../ui/submission.tsx'
import { LinkInvalido, PedidoIndisponivel } from './LinkIndisponivel.tsx'
import { textos } from './textos.ts'
import { usePedido } from './use-pedido.ts'
import { useTransferir } from './use-transferir.ts'
import './rgpd.css'

/** When the server names no file (it always does): today's export. */
const NOME_POR_OMISSAO = 'balcao-dados.json'

/** What the file holds, in the export's order. */
const CONTEUDO = [
  'o seu perfil (dados pessoais e de faturação, saldo e pontos);',
  'os consentimentos que deu (termos, política de privacidade, comunicações);',
  'as suas transações na loja;',
  'os seus pedidos;',
  'as suas opiniões;',
  'as notificações que recebeu;',
  'os dispositivos em que ativou as notificações.',
]

/**
 * The link of a data export's e-mail (`/rgpd/portabilidade/:token`, login required): what the file holds, and
 * 'Transferir os meus dados', which fetches it and hands it to the browser as a download. The link works once.
 */
export function TransferirDados({ token }: { token: string }) {
  useHeader('Os meus dados', paths.perfil)
  const query = usePedido(token)
  if (query.isPending) return <Loading />
  if (query.isError) return <PedidoIndisponivel error={query.error} onRetry={() => void query.refetch()} />
  // An erasure's link opened on the export's path: not a link for this.
  if (query.data.tipo !== 'portabilidade') return <LinkInvalido message={textos.linkInvalido} />
  return <Transferir token={token} expiraEm={query.data.expiraEm} />
}

interface Guardado extends Ficheiro {
  url: string
  nome: string
}

/** Hands the file to the browser as a download: a link to it, clicked. */
function guardar(ficheiro: Guardado) {
  const a = document.createElement('a')
  a.href = ficheiro.url
  a.download = ficheiro.nome
  a.hidden = true
  document.body.append(a)
  a.click()
  a.remove()
}

function Transferir({ token, expiraEm }: { token: string; expiraEm: string }) {
  const transferir = useTransferir(token)
  const submission = useSubmission()
  const [guardado, setGuardado] = useState<Guardado | null>(null)
  const [usado, setUsado] = useState<string | null>(null)

  const concluida = useRef<HTMLParagraphElement>(null)

  // The file stays in memory while the screen is open ('guarde-o outra vez'), and no longer. The button is gone once it
  // has worked: the focus goes to what happened.
  useEffect(() => {
    if (!guardado) return
    concluida.current?.focus()
    return () => URL.revokeObjectURL(guardado.url)
  }, [guardado])

  async function pedir() {
    const outcome = await submission.run(() => transferir.mutateAsync())
    if (!outcome.ok) {
      const { error } = outcome
      // Used or expired meanwhile (another tab, a second tap after a dropped answer): the screen says so.
      if (error instanceof ApiError && error.status === 410) setUsado(error.message)
      else submission.showError(error)
      return
    }
    const ficheiro = {
      ...outcome.value,
      url: URL.createObjectURL(outcome.value.blob),
      nome: outcome.value.nome ?? NOME_POR_OMISSAO,
    }
    setGuardado(ficheiro)
    guardar(ficheiro)
  }

  if (usado) return <LinkInvalido message={usado} />
  return (
    <main className="page" id="conteudo">
      <h1>Transferir os meus dados</h1>
      <section className="rgpd-cartao" aria-labelledby="transferir-conteudo">
        <h2 id="transferir-conteudo">O que o ficheiro contém</h2>
        <p>Um ficheiro JSON, que outro serviço consegue ler, com:</p>
        <ul className="rgpd-lista">
          {CONTEUDO.map((linha) => (
            <li key={linha}>{linha}</li>
          ))}
        </ul>
        <p>Guarde-o num local seguro: tem os seus dados pessoais.</p>
      </section>
      {guardado ? (
        <>
          <p className="rgpd-aviso rgpd-feito" role="status" tabIndex={-1} ref={concluida}>
            Transferência concluída. O ficheiro {guardado.nome} foi entregue ao seu navegador.
          </p>
          <p>
            Se não o encontrar nas transferências,{' '}
            <a href={guardado.url} download={guardado.nome}>
              guarde-o outra vez
            </a>{' '}
            antes de sair deste ecrã: o link do email já foi usado.
          </p>
          <div className="rgpd-acoes">
            <Link className="button button-secondary" to={paths.perfil}>
              Voltar à conta
            </Link>
          </div>
        </>
      ) : (
        <>
          <p className="rgpd-validade">Este link só funciona uma vez e é válido até {formatDateTime(expiraEm)}.</p>
          <div className="rgpd-acoes">
            <button type="button" className="button" onClick={() => void pedir()}>
              Transferir os meus dados
            </button>
          </div>
        </>
      )}
      {submission.feedback}
    </main>
  )
}
