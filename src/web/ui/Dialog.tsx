import { useEffect, useId, useRef } from 'react'
import { useNativeModal } from './native-dialog.ts'

export interface DialogButton {
  label: string
  action?: () => void
  /** Acts on a click outside the dialog and on Escape; the first button when none is marked. */
  isDefault?: boolean
  secondary?: boolean
}

export interface DialogContent {
  title: string
  /** Several lines are kept as lines. */
  message: string
  buttons?: DialogButton[]
}

interface DialogProps extends DialogContent {
  /** Called first whenever the dialog goes away (then the button's own action). */
  onClose: () => void
}

const OK: DialogButton[] = [{ label: 'OK' }]

/** The generic dialog of spec §2: title, multi-line text and buttons; the default button acts on an outside click. */
export function Dialog({ title, message, buttons = OK, onClose }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const messageId = useId()
  const fallback = buttons.find((b) => b.isDefault) ?? buttons[0]
  const press = (button: DialogButton | undefined) => {
    onClose()
    button?.action?.()
  }
  const pressDefault = useRef(() => press(fallback))
  useEffect(() => {
    pressDefault.current = () => press(fallback)
  })
  useNativeModal(
    ref,
    () => pressDefault.current(),
    (dialog) => dialog.querySelector('[data-default]'),
  )

  // A click that starts and ends on the backdrop (the dialog box itself has no padding) is an outside click.
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    let downOutside = false
    const onDown = (event: PointerEvent) => {
      downOutside = event.target === dialog
    }
    const onClick = (event: MouseEvent) => {
      if (downOutside && event.target === dialog) pressDefault.current()
    }
    dialog.addEventListener('pointerdown', onDown)
    dialog.addEventListener('click', onClick)
    return () => {
      dialog.removeEventListener('pointerdown', onDown)
      dialog.removeEventListener('click', onClick)
    }
  }, [])

  return (
    <dialog
      ref={ref}
      className="modal dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <div className="modal-body">
        <h2 id={titleId}>{title}</h2>
        <p id={messageId} className="dialog-message">
          {message}
        </p>
        <div className="dialog-buttons">
          {buttons.map((button) => (
            <button
              key={button.label}
              type="button"
              className={button.secondary ? 'button button-secondary' : 'button'}
              data-default={button === fallback ? '' : undefined}
              onClick={() => press(button)}
            >
              {button.label}
            </button>
          ))}
        </div>
      </div>
    </dialog>
  )
}
