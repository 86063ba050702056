import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react'

/**
 * Shows a `<dialog>` as a modal while the component is mounted. The browser puts it in the top layer and makes the
 * rest of the page inert (focus cannot leave it, screen readers see only it); Escape asks `onCancel`. On unmount the
 * dialog closes and focus returns to where it was before. `initialFocus` picks the element to focus first (otherwise
 * the browser focuses the first focusable one).
 */
export function useNativeModal(
  ref: RefObject<HTMLDialogElement | null>,
  onCancel: () => void,
  initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null,
): void {
  const cancel = useRef(onCancel)
  const focus = useRef(initialFocus)
  useEffect(() => {
    cancel.current = onCancel
    focus.current = initialFocus
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    let closingOurselves = false
    const onCancelEvent = (event: Event) => {
      event.preventDefault()
      cancel.current()
    }
    // Chrome may close a dialog without a cancel event (repeated Escape): treat it as a cancel too.
    const onClose = () => {
      if (!closingOurselves) cancel.current()
    }
    dialog.addEventListener('cancel', onCancelEvent)
    dialog.addEventListener('close', onClose)
    if (!dialog.open) dialog.showModal()
    focus.current?.(dialog)?.focus()
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent)
      dialog.removeEventListener('close', onClose)
      closingOurselves = true
      if (dialog.open) dialog.close()
      if (previous?.isConnected) previous.focus({ preventScroll: true })
    }
  }, [ref])
}

/**
 * The field a dialog's form opens in: one marked `data-autofocus` (a phone number rather than its dial-code picker),
 * else the first form control.
 */
export const firstField = (dialog: HTMLElement) =>
  dialog.querySelector<HTMLElement>('[data-autofocus]') ??
  dialog.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
