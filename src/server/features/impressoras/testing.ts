import { createServer, type Server, type Socket } from 'node:net'

/**
 * A kitchen printer for the tests: a TCP server on 127.0.0.1 that keeps what each connection sent (ESC/POS over raw
 * TCP, as a printer's port 9100 takes it), closed and opened again on the same port to play a printer that is off.
 * Production refuses loopback as a printer's address: the app reaches this one because the tests' apps are built
 * with AppDeps `impressoraLoopback` (src/server/testing/harness.ts); a sender called directly is given
 * `permitirLoopback`.
 */
export interface ImpressoraDeTeste {
  porta: number
  /** What each connection sent, once it ended. */
  recebidos: Buffer[]
  /** Connections it took. */
  ligacoes: number
  /** Stops listening (the printer is off): a connection is refused. */
  desligar(): Promise<void>
  /** Listens again on the same port. */
  ligar(): Promise<void>
  /** Called as each connection ends, before the printer closes its side (the sender still waits): a slow printer. */
  aoReceber?: (bytes: Buffer) => void
}

export async function startImpressora(): Promise<ImpressoraDeTeste> {
  const abertas = new Set<Socket>()
  let server: Server | null = null
  const impressora: ImpressoraDeTeste = {
    porta: 0,
    recebidos: [],
    ligacoes: 0,
    async desligar() {
      for (const s of abertas) s.destroy()
      const s = server
      server = null
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
    },
    async ligar() {
      const s = createServer((socket) => {
        impressora.ligacoes++
        abertas.add(socket)
        const partes: Buffer[] = []
        socket.on('data', (d) => partes.push(d))
        socket.on('end', () => {
          const bytes = Buffer.concat(partes)
          impressora.recebidos.push(bytes)
          impressora.aoReceber?.(bytes)
          socket.end()
        })
        socket.on('close', () => abertas.delete(socket))
        socket.on('error', () => {})
      })
      await new Promise<void>((resolve) => s.listen(impressora.porta, '127.0.0.1', resolve))
      const address = s.address()
      impressora.porta = typeof address === 'object' && address ? address.port : 0
      server = s
    },
  }
  await impressora.ligar()
  return impressora
}

/** Code page 860's upper half, where it differs from ASCII: the letters of pt-PT and their neighbours. */
const CP860: Record<number, string> = Object.fromEntries(
  [...'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»'].map((c, i) => [0x80 + i, c]),
)

/** A ticket as a printer would print it: its lines of text, and what the commands around them asked. */
export interface TalaoLido {
  linhas: string[]
  /** The code pages selected (`ESC t n`), in order. */
  paginas: number[]
  /** Lines printed in bold, in double height or width, inverted (white on black). */
  destacadas: string[]
  /** Ended with a paper cut (`GS V`). */
  cortado: boolean
  /** Started by initialising the printer (`ESC @`). */
  inicializado: boolean
}

/**
 * Reads ESC/POS bytes back into text, the commands the ticket uses understood (an unknown one fails the test rather
 * than being printed as text): code page 860 for the text, `ESC t` switching pages (page 0, cp437, is read as ASCII).
 */
export function lerTalao(bytes: Uint8Array): TalaoLido {
  const lido: TalaoLido = { linhas: [], paginas: [], destacadas: [], cortado: false, inicializado: false }
  let linha = ''
  let destaque = false
  let pagina = 0
  let negrito = false
  let tamanho = 0
  let invertido = false
  const fimDeLinha = () => {
    lido.linhas.push(linha)
    if (destaque) lido.destacadas.push(linha)
    linha = ''
    destaque = false
  }
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number
    const n = bytes[i + 2] ?? 0
    const comando =
      b === 0x1b || b === 0x1d || b === 0x1c ? `${b.toString(16)} ${String.fromCharCode(bytes[i + 1] ?? 0)}` : ''
    if (comando === '1b @') {
      lido.inicializado = true
      i += 1
    } else if (comando === '1c .') i += 1
    else if (comando === '1b M' || comando === '1b a' || comando === '1b -' || comando === '1b d') i += 2
    else if (comando === '1b E') {
      negrito = n === 1
      i += 2
    } else if (comando === '1d !') {
      tamanho = n
      i += 2
    } else if (comando === '1d B') {
      invertido = n === 1
      i += 2
    } else if (comando === '1b t') {
      pagina = n
      lido.paginas.push(n)
      i += 2
    } else if (comando === '1d V') {
      lido.cortado = true
      i += n === 65 || n === 66 ? 3 : 2
    } else if (comando !== '') {
      throw new Error(`comando ESC/POS inesperado: ${comando} no byte ${i}`)
    } else if (b === 0x0a) fimDeLinha()
    else if (b === 0x0d) continue
    else {
      if (negrito || tamanho !== 0 || invertido) destaque = true
      linha += b < 0x80 ? String.fromCharCode(b) : pagina === 3 ? (CP860[b] ?? '?') : '?'
    }
  }
  if (linha) fimDeLinha()
  lido.linhas = lido.linhas.map((l) => l.trimEnd())
  lido.destacadas = lido.destacadas.map((l) => l.trim())
  return lido
}
