import type { create as createQr } from 'qrcode'

/** Modules of light margin around the code (the quiet zone a scanner needs). */
const QUIET_ZONE = 4

export interface QrDrawing {
  /** Side of the drawing, quiet zone included, in modules. */
  size: number
  /** The dark modules as one SVG path, one run of dark modules per stroke of a row. */
  d: string
}

/**
 * The error correction level: H for the loyalty code (spec §9), M for an invoice's AT code (the AT's technical
 * specification of the QR code, Portaria 195/2020).
 */
export type NivelQr = 'H' | 'M'

export function qrPath(create: typeof createQr, text: string, nivel: NivelQr = 'H'): QrDrawing {
  const { modules } = create(text, { errorCorrectionLevel: nivel })
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
