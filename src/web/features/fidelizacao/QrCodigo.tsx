import { useEffect, useState } from 'react'
import type { QrDrawing } from '../../ui/qr-path.ts'

type Drawn = QrDrawing & { value: string }

let worker: Worker | null | undefined

/** One encoder worker for the page, started on the first code; null where workers cannot run. */
function encoder(): Worker | null {
  if (worker === undefined) {
    try {
      worker = new Worker(new URL('./qr.worker.ts', import.meta.url), { type: 'module' })
    } catch {
      worker = null
    }
  }
  return worker
}

/** Encodes on the main thread: where there is no worker, or it failed (its script unreachable offline). */
async function encodeHere(value: string): Promise<Drawn> {
  const [{ create }, { qrPath }] = await Promise.all([import('qrcode'), import('../../ui/qr-path.ts')])
  return { value, ...qrPath(create, value) }
}

/** Drawings already made this session, by value: a screen that opens again draws at once (the last few only). */
const drawings = new Map<string, Drawn>()
const DRAWINGS_KEPT = 4

function remember(drawn: Drawn): Drawn {
  drawings.delete(drawn.value)
  drawings.set(drawn.value, drawn)
  for (const old of drawings.keys()) if (drawings.size > DRAWINGS_KEPT) drawings.delete(old)
  return drawn
}

/**
 * The drawing of `value`. The encoder runs in a worker: at level H its set-up and encoding are the heaviest work of
 * the loyalty screen, and on the main thread they would delay a tap on a slow phone (Lighthouse's TBT).
 */
function encode(value: string): Promise<Drawn> {
  const w = encoder()
  if (!w) return encodeHere(value).then(remember)
  return new Promise<Drawn>((resolve, reject) => {
    const done = () => {
      w.removeEventListener('message', onMessage)
      w.removeEventListener('error', onError)
    }
    const onMessage = (event: MessageEvent<Drawn | { value: string; error: true }>) => {
      if (event.data.value !== value) return
      done()
      if ('error' in event.data) reject(new Error('QR code not encodable'))
      else resolve(event.data)
    }
    // The worker's script did not load (offline, a broken deploy): this page encodes here from now on.
    const onError = () => {
      done()
      w.terminate()
      if (worker === w) worker = null
      resolve(encodeHere(value))
    }
    w.addEventListener('message', onMessage)
    w.addEventListener('error', onError)
    w.postMessage(value)
  }).then(remember)
}

interface QrCodigoProps {
  value: string
  /** The image's accessible name. */
  label: string
  className?: string
}

/**
 * The loyalty QR code, drawn as inline SVG: sharp at any size, no canvas, no data URL, nothing inline for the CSP.
 * Black on white whatever the theme, with its quiet zone, so that any till scanner reads it. The white frame (its size
 * set by the CSS) shows until the code is encoded.
 */
export function QrCodigo({ value, label, className }: QrCodigoProps) {
  const [qr, setQr] = useState<Drawn | null>(() => drawings.get(value) ?? null)
  useEffect(() => {
    if (drawings.has(value)) return
    let current = true
    encode(value).then(
      (drawn) => {
        if (current) setQr(drawn)
      },
      // A value the encoder refuses, or no connection for its chunk (rare: the service worker keeps it): the frame
      // stays, the screen works.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [value])
  const { size, d } = (qr?.value === value ? qr : drawings.get(value)) ?? { size: 1, d: '' }
  return (
    <svg
      role="img"
      aria-label={label}
      className={className ? `qr ${className}` : 'qr'}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      focusable="false"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}
