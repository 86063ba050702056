import { useId, useState } from 'react'
import { Link } from 'react-router'
import type { UserData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { useSetPrivateData } from '../../lib/private-data.ts'
import { useSubmission } from '../../ui/submission.tsx'
import { type SelecaoNif, useGravaSelecaoNif } from './use-grava-selecao-nif.ts'

interface Opcao {
  selecao: SelecaoNif
  tipo: string
  nome: string | null
  nif: string
}

function opcoesDe(user: UserData): Opcao[] {
  const opcoes: Opcao[] = []
  if (user.nif1) opcoes.push({ selecao: 'principal', tipo: 'Principal', nome: user.nomeFaturacao1, nif: user.nif1 })
  if (user.nif2) opcoes.push({ selecao: 'secundario', tipo: 'Secundário', nome: user.nomeFaturacao2, nif: user.nif2 })
  return opcoes
}

/**
 * Spec §2, §4: 'Selecione o NIF', shown when the account has a NIF; each option with its billing name and number. A
 * choice saves at once; choosing the current one again leaves none chosen (the server toggles). Toggle buttons rather
 * than radios, since a chosen option can be unchosen.
 */
export function NifSelector({ user }: { user: UserData }) {
  const titleId = useId()
  const gravar = useGravaSelecaoNif()
  const submission = useSubmission()
  const setPrivateData = useSetPrivateData()
  // The choice shows at once; it falls back to the server's if saving fails.
  const [pending, setPending] = useState<SelecaoNif | '' | null>(null)
  const opcoes = opcoesDe(user)

  if (opcoes.length === 0) {
    return (
      <p className="fid-nota">
        Quer o seu NIF nas faturas? <Link to={paths.alterarDadosPessoais}>Indique-o nos seus dados pessoais</Link>.
      </p>
    )
  }

  const atual = pending ?? user.nif_utilizado

  async function escolher(selecao: SelecaoNif) {
    setPending(atual === selecao ? '' : selecao)
    const outcome = await submission.run(() => gravar.mutateAsync(selecao))
    setPending(null)
    // Stored once the overlay is gone (conta/use-private-call.ts explains why).
    if (outcome.ok) setPrivateData(outcome.value)
    else submission.showError(outcome.error)
  }

  return (
    <section className="fid-card" aria-labelledby={titleId}>
      <h2 id={titleId}>Selecione o NIF</h2>
      <p className="muted fid-ajuda">
        O NIF escolhido é o que indicamos nas faturas das suas compras. Toque de novo no escolhido para não usar nenhum.
      </p>
      <div className="nif-opcoes">
        {opcoes.map((o) => (
          <button
            key={o.selecao}
            type="button"
            className="nif-opcao"
            aria-pressed={atual === o.selecao}
            onClick={() => void escolher(o.selecao)}
          >
            <span className="nif-marca" aria-hidden="true" />
            <span className="nif-texto">
              <span className="nif-tipo">{o.tipo}</span>
              <span className="nif-nome">{o.nome ?? 'Sem nome de faturação'}</span>
              <span className="nif-numero">{`NIF ${o.nif}`}</span>
            </span>
          </button>
        ))}
      </div>
      <p className="fid-nota">
        <Link to={paths.alterarDadosPessoais}>Alterar dados de faturação</Link>
      </p>
      {submission.feedback}
    </section>
  )
}
