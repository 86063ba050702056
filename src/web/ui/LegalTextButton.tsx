import { type ReactNode, useState } from 'react'
import { createPortal } from 'react-dom'
import { QueryView } from '../lib/query.tsx'
import { useInformacaoLegalConteudo } from '../lib/use-informacao-legal-conteudo.ts'
import { Modal } from './Modal.tsx'
import { RichText } from './RichText.tsx'

/**
 * A legal text opened over the form that asks to accept it: leaving the screen would lose what was typed, and a
 * temporary account may not leave its personal data form at all (spec §2 guards).
 */
export function LegalTextButton({ tag, children }: { tag: string; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children}
      </button>
      {/* Outside the checkbox's label: a click on the text must not tick or untick the box. */}
      {open && createPortal(<LegalTextModal tag={tag} onClose={() => setOpen(false)} />, document.body)}
    </>
  )
}

function LegalTextModal({ tag, onClose }: { tag: string; onClose: () => void }) {
  const query = useInformacaoLegalConteudo(tag)
  return (
    <Modal title={query.data?.titleDetail ?? 'Informação legal'} onClose={onClose}>
      <QueryView query={query}>{(item) => <RichText html={item.text} />}</QueryView>
    </Modal>
  )
}
