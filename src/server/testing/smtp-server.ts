import type { AddressInfo } from 'node:net'
import { createServer as createTcpServer } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** What the in-suite SMTP server took: the envelope, and the message as it came over the wire. */
export interface Recebido {
  de: string
  para: string[]
  bruto: string
}

/** A refusal of a recipient: the SMTP code (4xx: try later; 5xx: never) and its text. */
export type Recusa = { codigo: number; texto: string } | null

/**
 * A real SMTP server (the smtp-server package) on a free local port, without TLS or authentication: the SMTP transport
 * is tested against the protocol, not a stand-in. `recusar` decides, per recipient, whether RCPT TO is refused.
 */
export async function startSmtpServer() {
  const recebidos: Recebido[] = []
  let recusa: (para: string) => Recusa = () => null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const r = recusa(address.address)
      if (!r) return callback()
      callback(Object.assign(new Error(r.texto), { responseCode: r.codigo }))
    },
    onData(stream, session, callback) {
      const partes: Buffer[] = []
      stream.on('data', (chunk: Buffer) => partes.push(chunk))
      stream.on('end', () => {
        recebidos.push({
          de: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          para: session.envelope.rcptTo.map((a) => a.address),
          bruto: Buffer.concat(partes).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    recebidos,
    recusar(decide: (para: string) => Recusa) {
      recusa = decide
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A server that greets like SMTP and hangs up at the first command: a connection that drops mid-conversation. */
export async function startDroppingServer() {
  const server = createTcpServer((socket) => {
    socket.write('220 localhost ESMTP\r\n')
    socket.once('data', () => socket.destroy())
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const port = (server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const bytesQ = (text: string) => {
  const bytes: number[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16))
      i += 2
    } else bytes.push(text.charCodeAt(i))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as a subject with accents is written. */
const palavrasCodificadas = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : bytesQ(text.replace(/_/g, ' ')),
    )

function cabecalhos(bloco: string): Record<string, string> {
  const linhas = bloco.replace(/\r\n[ \t]+/g, ' ').split('\r\n')
  return Object.fromEntries(
    linhas
      .filter((l) => l.includes(':'))
      .map((l) => [
        l.slice(0, l.indexOf(':')).trim().toLowerCase(),
        palavrasCodificadas(l.slice(l.indexOf(':') + 1).trim()),
      ]),
  )
}

/** A body decoded, its line ends back to `\n` (SMTP carries every line end as CRLF). */
function corpo(headers: Record<string, string>, texto: string): string {
  return descodificar(headers, texto).replace(/\r\n/g, '\n')
}

function descodificar(headers: Record<string, string>, texto: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(texto.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return bytesQ(texto.replace(/=\r\n/g, ''))
  return texto
}

/** A received message read back: its headers, and its parts by content type (multipart, one level, or a single part). */
export function lerMensagem(bruto: string) {
  const fim = bruto.indexOf('\r\n\r\n')
  const headers = cabecalhos(bruto.slice(0, fim))
  const resto = bruto.slice(fim + 4)
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1]
  const partes: Record<string, string> = {}
  if (!boundary) {
    partes[(headers['content-type'] ?? 'text/plain').split(';')[0] as string] = corpo(headers, resto)
  } else {
    for (const parte of resto.split(`--${boundary}`).slice(1)) {
      if (parte.startsWith('--')) break
      const p = parte.replace(/^\r\n/, '')
      const f = p.indexOf('\r\n\r\n')
      const h = cabecalhos(p.slice(0, f))
      partes[(h['content-type'] ?? '').split(';')[0]?.trim() as string] = corpo(h, p.slice(f + 4).replace(/\r\n$/, ''))
    }
  }
  return { headers, partes }
}
