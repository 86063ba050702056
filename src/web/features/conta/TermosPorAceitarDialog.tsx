import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { PrivateData } from '../../../shared/conta.ts'
import type { TextoPorAceitar } from '../../../shared/termos.ts'
import { apiPost } from '../../lib/api.ts'
import { PRIVATE_DATA_KEY, useSetPrivateData } from '../../lib/private-data.ts'
import { useNativeModal } from '../../ui/native-dialog.ts'

/**
 * A new version of the terms or the privacy policy, published as a relevant change, to accept before going on
 * (docs/decisions/0033): what changed, a link to the text, 'Aceitar'. A modal `<dialog>`: the page behind is inert
 * and focus stays inside. 'Agora não' (or Escape) lets the customer read and look around, but the dialog comes back
 * on the next screen, and the checkout waits (the server refuses it) until they accept. On the text's own page it
 * steps aside, so it can be read.
 */
export function TermosPorAceitarDialog({ textos }: { textos: TextoPorAceitar[] }) {
  const location = useLocation()
  const [adiadoEm, setAdiadoEm] = useState<string | null>(null)
  const aLer = textos.some((t) => location.pathname === t.ligacao || `${location.pathname}/` === t.ligacao)
  if (textos.length === 0 || aLer || adiadoEm === location.key) return null
  return <Conteudo textos={textos} onAdiar={() => setAdiadoEm(location.key)} />
}

const nomeDe = (t: TextoPorAceitar) => (t.tipo === 'termos' ? 'os Termos e Condições' : 'a Política de Privacidade')

function Conteudo({ textos, onAdiar }: { textos: TextoPorAceitar[]; onAdiar: () => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descId = useId()
  const setPrivateData = useSetPrivateData()
  const queryClient = useQueryClient()
  const aceitar = useMutation({
    mutationFn: () =>
      apiPost<PrivateData>('/api/aceita-termos', { textos: textos.map(({ tipo, versao }) => ({ tipo, versao })) }),
    onSuccess: setPrivateData,
    // Refused because the text changed while the dialog was open (409): the private data is asked again, so the
    // dialog shows the new version and 'Aceitar' accepts that one, instead of sending the old one for ever.
    onError: () => queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY }),
  })
  useNativeModal(ref, onAdiar, (dialog) => dialog.querySelector('[data-default]'))
  const titulo =
    textos.length === 1 && textos[0]?.tipo === 'privacidade'
      ? 'Atualizámos a Política de Privacidade'
      : textos.length === 1
        ? 'Atualizámos os Termos e Condições'
        : 'Atualizámos os Termos e a Política de Privacidade'

  return (
    <dialog
      ref={ref}
      className="modal dialog termos-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descId}
    >
      <div className="modal-body">
        <h2 id={titleId}>{titulo}</h2>
        <p id={descId}>Para continuar a usar a app, leia o que mudou e aceite a nova versão.</p>
        {textos.map((t) => (
          <section key={t.tipo} aria-label={t.titulo} className="termos-dialog-texto">
            <h3>{t.titulo}</h3>
            <p className="dialog-message">{t.o_que_mudou}</p>
            <Link to={t.ligacao} onClick={onAdiar}>
              Ler {nomeDe(t)}
            </Link>
          </section>
        ))}
        {aceitar.isError && <p role="alert">{aceitar.error.message}</p>}
        <div className="dialog-buttons">
          <button
            type="button"
            className="button"
            data-default=""
            disabled={aceitar.isPending}
            onClick={() => aceitar.mutate()}
          >
            {aceitar.isPending ? 'A aceitar…' : 'Aceitar'}
          </button>
          <button type="button" className="button button-secondary" onClick={onAdiar}>
            Agora não
          </button>
        </div>
      </div>
    </dialog>
  )
}
