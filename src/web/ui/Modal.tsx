import { type ReactNode, useId, useRef } from 'react'
import { firstField, useNativeModal } from './native-dialog.ts'

interface ModalProps {
  title: string
  /** 'Fechar', Escape. */
  onClose: () => void
  children: ReactNode
}

/**
 * A screen shown over the page (login, sign-up, SMS code…): labelled by its title, focus moved to its first field and
 * kept inside, Escape or 'Fechar' closes it.
 */
export function Modal({ title, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useNativeModal(ref, onClose, firstField)
  return (
    <dialog ref={ref} className="modal" aria-modal="true" aria-labelledby={titleId}>
      <div className="modal-header">
        <h1 id={titleId}>{title}</h1>
        <button type="button" className="modal-close" onClick={onClose}>
          Fechar
        </button>
      </div>
      <div className="modal-body">{children}</div>
    </dialog>
  )
}
