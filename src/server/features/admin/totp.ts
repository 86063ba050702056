import { randomInt } from 'node:crypto'
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'
import type { Clock } from '../../platform/clock.ts'

/**
 * TOTP (RFC 6238) through otplib: SHA-1, 6 digits, 30-second steps, as every authenticator app reads them. A code is
 * accepted one step either side of now (clock drift, a code typed as it turned), and only once: the step it belongs to
 * is kept, and a code of that step or an earlier one is refused (a replay).
 */
export const TOTP_PERIOD = 30
const EMISSOR = 'Balcão'

export const novoSegredoTotp = () => generateSecret({ length: 20 })

export function uriTotp(email: string, segredo: string): string {
  return generateURI({ issuer: EMISSOR, label: email, secret: segredo, period: TOTP_PERIOD, digits: 6 })
}

/** The enrolment's QR code, an SVG as a data: URL (the CSP lets images come from data:). */
export async function qrTotp(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** The time step of a valid code (±1 step of the clock), or null. */
export async function passoDoCodigo(segredo: string, codigo: string, clock: Clock): Promise<number | null> {
  if (!/^\d{6}$/.test(codigo)) return null
  const result = await verify({
    strategy: 'totp',
    secret: segredo,
    token: codigo,
    epoch: Math.floor(clock.now().getTime() / 1000),
    period: TOTP_PERIOD,
    epochTolerance: TOTP_PERIOD,
  })
  return result.valid && 'timeStep' in result ? result.timeStep : null
}

/** A recovery code: ten characters of an alphabet without look-alikes, read as `xxxxx-xxxxx`. */
const ALFABETO = 'abcdefghjkmnpqrstuvwxyz23456789'
export function novoCodigoRecuperacao(): string {
  let out = ''
  for (let i = 0; i < 10; i++) out += ALFABETO[randomInt(ALFABETO.length)]
  return `${out.slice(0, 5)}-${out.slice(5)}`
}

/** As typed: case and the dash do not matter. */
export const normalizarCodigoRecuperacao = (codigo: string) => {
  const limpo = codigo.toLowerCase().replace(/[^a-z0-9]/g, '')
  return limpo.length === 10 ? `${limpo.slice(0, 5)}-${limpo.slice(5)}` : null
}
