import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { GENERIC_ERROR_TITLE } from '../../shared/api.ts'
import { ApiError } from '../lib/api.ts'
import { PRIVATE_DATA_KEY } from '../lib/private-data.ts'
import { type Outcome, runWithBusy } from './busy.ts'
import { Dialog, type DialogContent } from './Dialog.tsx'
import { LoadingOverlay } from './LoadingOverlay.tsx'

const UNEXPECTED = 'Ocorreu um erro inesperado. Tente mais tarde.'

export interface OpenDialog extends DialogContent {
  /** After the dialog went away, whatever button closed it. */
  afterClose?: () => void
}

/** The outcome's error of a call made while another of the same screen still runs (a double tap). */
export const ALREADY_RUNNING = Symbol('already running')

export type { Outcome }

/**
 * Runs calls the way forms do (spec §8, §9): the full-screen overlay once a call has run 300 ms, then for at least
 * 1.5 s (ui/busy.ts); a failure without field messages shown in the error dialog with the server's title and message.
 * Render `feedback` once in the screen.
 */
export function useSubmission() {
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<OpenDialog | null>(null)
  const running = useRef(false)
  const queryClient = useQueryClient()

  const showError = useCallback(
    (error: unknown, afterClose?: () => void) => {
      // A second tap while the first call runs: that call's outcome is the one to show.
      if (error === ALREADY_RUNNING) return
      if (error instanceof ApiError && error.status === 401) {
        // The session ended elsewhere: once the message is read, the guards send the person to login.
        const next = afterClose
        afterClose = () => {
          next?.()
          void queryClient.invalidateQueries({ queryKey: PRIVATE_DATA_KEY })
        }
      }
      setDialog({
        title: error instanceof ApiError ? error.title : GENERIC_ERROR_TITLE,
        message: error instanceof ApiError ? error.message : UNEXPECTED,
        ...(afterClose ? { afterClose } : {}),
      })
    },
    [queryClient],
  )

  /** The call with the overlay; the outcome comes back once the overlay is gone. */
  const run = useCallback(async <R,>(call: () => Promise<R>): Promise<Outcome<R>> => {
    if (running.current) return { ok: false, error: ALREADY_RUNNING }
    running.current = true
    const outcome = await runWithBusy(call, (shown) => {
      // On the screen before its 1.5 s start counting (ui/busy.ts), and gone at once (focus back in the form) before
      // the caller focuses a field or opens a dialog.
      flushSync(() => setBusy(shown))
    })
    running.current = false
    return outcome
  }, [])

  const feedback: ReactNode = (
    <>
      {busy && <LoadingOverlay />}
      {dialog && (
        <Dialog
          title={dialog.title}
          message={dialog.message}
          {...(dialog.buttons ? { buttons: dialog.buttons } : {})}
          onClose={() => {
            // Gone first (its focus handed back), so that afterClose can move focus (e.g. to a field).
            flushSync(() => setDialog(null))
            dialog.afterClose?.()
          }}
        />
      )}
    </>
  )

  return { run, busy, showError, showDialog: setDialog, feedback }
}
