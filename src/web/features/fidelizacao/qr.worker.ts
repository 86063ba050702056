import { create } from 'qrcode'
import { qrPath } from '../../ui/qr-path.ts'

/**
 * Encodes loyalty QR codes off the main thread: at level H the encoding (and the encoder's own set-up) takes tens of
 * milliseconds on a mid-range phone, long enough to delay a tap on the loyalty screen (Lighthouse's TBT). A value the
 * encoder refuses is answered as such, so that one bad value does not read as a broken worker.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<string>) => void) | null
  postMessage: (message: unknown) => void
}

scope.onmessage = (event) => {
  try {
    scope.postMessage({ value: event.data, ...qrPath(create, event.data) })
  } catch {
    scope.postMessage({ value: event.data, error: true })
  }
}
