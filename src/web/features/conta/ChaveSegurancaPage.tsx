import { useState } from 'react'
import type { UserData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useSubmission } from '../../ui/submission.tsx'
import { useChaveSeguranca } from './use-chave-seguranca.ts'

/**
 * Security key (spec §2): 'Ativado' / 'Desativado'; when on, the key and 'Gerar nova chave'. The key comes with the
 * account data, on every device the customer signs in on (the server keeps it encrypted: docs/decisions/0004).
 */
export function ChaveSegurancaPage() {
  useHeader('Chave de segurança', paths.perfil)
  const user = usePrivateData().data?.user.data
  return user ? <ChaveSeguranca user={user} /> : <Loading />
}

function ChaveSeguranca({ user }: { user: UserData }) {
  const mutation = useChaveSeguranca()
  const submission = useSubmission()
  const chave = user.codigo_seguranca
  // The choice shows at once; it falls back to the server's if saving fails.
  const [pending, setPending] = useState<0 | 1 | null>(null)
  const ativa = user.usar_codigo_seguranca === 1
  const escolha = pending ?? user.usar_codigo_seguranca

  async function save(selecao: 0 | 1, gerar = false) {
    setPending(selecao)
    const outcome = await submission.run(() => mutation.mutateAsync({ selecao, gerar }))
    setPending(null)
    if (!outcome.ok) submission.showError(outcome.error)
  }

  return (
    <main className="page" id="conteudo">
      <h1>Chave de segurança</h1>
      <p>
        Com a chave de segurança ativada, o seu código QR mostra esta chave em vez do seu número de telemóvel, e é ela
        que indica na loja para se identificar.
      </p>
      <fieldset className="radio-group">
        <legend>Usar chave de segurança</legend>
        <label>
          <input type="radio" name="selecao" value="1" checked={escolha === 1} onChange={() => void save(1)} />
          Ativado
        </label>
        <label>
          <input type="radio" name="selecao" value="0" checked={escolha === 0} onChange={() => void save(0)} />
          Desativado
        </label>
      </fieldset>
      {ativa && pending === null && (
        <section className="chave" aria-labelledby="chave-titulo">
          <h2 id="chave-titulo">A sua chave</h2>
          {chave ? (
            <>
              <p className="chave-valor">{chave}</p>
              <p className="muted">Guarde-a num local seguro.</p>
            </>
          ) : (
            <p>Não foi possível mostrar a sua chave. Gere uma nova chave; a anterior deixa de ser válida.</p>
          )}
          <button type="button" className="button" onClick={() => void save(1, true)}>
            Gerar nova chave
          </button>
        </section>
      )}
      {submission.feedback}
    </main>
  )
}
