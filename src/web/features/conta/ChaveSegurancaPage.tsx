import { useState } from 'react'
import type { UserData } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { Dialog } from '../../ui/Dialog.tsx'
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
  const [confirmar, setConfirmar] = useState(false)
  const [gerada, setGerada] = useState(false)

  async function save(selecao: 0 | 1, gerar = false) {
    // A new key keeps the choice as it is: the key stays on screen (and the button, with the focus) until the new one comes.
    if (!gerar) setPending(selecao)
    setGerada(false)
    const outcome = await submission.run(() => mutation.mutateAsync({ selecao, gerar }))
    setPending(null)
    if (!outcome.ok) submission.showError(outcome.error)
    else if (gerar) setGerada(true)
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
              <p role="status" className="chave-gerada">
                {gerada ? 'Nova chave gerada. A anterior e o código QR antigo deixaram de ser válidos.' : ''}
              </p>
            </>
          ) : (
            <p>Não foi possível mostrar a sua chave. Gere uma nova chave; a anterior deixa de ser válida.</p>
          )}
          <button type="button" className="button" onClick={() => setConfirmar(true)}>
            Gerar nova chave
          </button>
        </section>
      )}
      {/* A new key also renews the QR's token: a printed or saved copy of the QR stops working, which a tap must not do by mistake. */}
      {confirmar && (
        <Dialog
          title="Gerar nova chave?"
          message={
            'A chave atual deixa de ser válida, e o código QR que tenha impresso ou guardado (uma fotografia, uma captura de ecrã) deixa de o identificar na loja.\nNa loja, passa a usar a nova chave e o código QR que a app mostrar.'
          }
          buttons={[
            { label: 'Cancelar', secondary: true, isDefault: true },
            { label: 'Gerar nova chave', action: () => void save(1, true) },
          ]}
          onClose={() => setConfirmar(false)}
        />
      )}
      {submission.feedback}
    </main>
  )
}
