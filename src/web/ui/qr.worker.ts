import { create } from 'qrcode'
import { type NivelQr, qrPath } from './qr-path.ts'

/**
 * Encodes QR codes (the loyalty card's, an invoice's) off the main thread: at level H the encoding (and the encoder's own set-up) takes tens of
 * milliseconds on a mid-range phone, long enough to delay a tap on the loyalty screen (Lighthouse's TBT). A value the
 * encoder refuses is answered as such, so that one bad value does not read as a broken worker.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ value: string; nivel: NivelQr }>) => void) | null
  postMessage: (message: unknown) => void
}

scope.onmessage = (event) => {
  const { value, nivel } = event.data
  try {
    scope.postMessage({ value, nivel, ...qrPath(create, value, nivel) })
  } catch {
    scope.postMessage({ value, nivel, error: true })
  }
}
