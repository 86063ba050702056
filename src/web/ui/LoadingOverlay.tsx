import { useRef } from 'react'
import { useNativeModal } from './native-dialog.ts'

const ignore = () => {}

/** Full-screen overlay over everything (even an open modal) while a submission runs (when: ui/busy.ts). */
export function LoadingOverlay({ label = 'A processar…' }: { label?: string }) {
  const ref = useRef<HTMLDialogElement>(null)
  useNativeModal(ref, ignore, (dialog) => dialog)
  return (
    <dialog ref={ref} className="loading-overlay" aria-label={label} aria-busy="true" tabIndex={-1}>
      <span className="spinner" aria-hidden="true" />
      <p role="status">{label}</p>
    </dialog>
  )
}
