import type { create as createQr } from 'qrcode'
import { useEffect, useState } from 'react'

/** Modules of light margin around the code (the quiet zone a scanner needs). */
const QUIET_ZONE = 4

/** The dark modules as one SVG path, one run of dark modules per stroke of a row. */
function qrPath(create: typeof createQr, text: string): { size: number; d: string } {
  // Spec §9: error correction level H.
  const { modules } = create(text, { errorCorrectionLevel: 'H' })
  const { size } = modules
  let d = ''
  for (let y = 0; y < size; y++) {
    let x = 0
    while (x < size) {
      if (!modules.get(y, x)) {
        x++
        continue
      }
      const start = x
      while (x < size && modules.get(y, x)) x++
      d += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`
    }
  }
  return { size: size + 2 * QUIET_ZONE, d }
}

interface QrCodigoProps {
  value: string
  /** The image's accessible name. */
  label: string
  className?: string
}

/**
 * The loyalty QR code, drawn as inline SVG: sharp at any size, no canvas, no data URL, nothing inline for the CSP.
 * Black on white whatever the theme, with its quiet zone, so that any till scanner reads it.
 */
export function QrCodigo({ value, label, className }: QrCodigoProps) {
  // Drawn once the screen has painted, with the encoder fetched then: the encoder's own set-up (its Kanji patterns)
  // and encoding at level H are the heaviest work of the loyalty screen, and would make its first render one long
  // task on a slow phone. The white frame (its size set by the CSS) shows meanwhile.
  const [qr, setQr] = useState<{ value: string; size: number; d: string } | null>(null)
  useEffect(() => {
    let current = true
    import('qrcode').then(
      ({ create }) => {
        if (current) setQr({ value, ...qrPath(create, value) })
      },
      // No connection for the encoder's chunk (rare: the worker keeps it): the frame stays, the screen still works.
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [value])
  const { size, d } = qr?.value === value ? qr : { size: 1, d: '' }
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
