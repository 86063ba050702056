import { Socket } from 'node:net'

/** Where a printer listens: a host name or IPv4 address on the store's network, and its raw port (9100). */
export interface Destino {
  endereco: string
  porta: number
}

export interface LimitesEnvio {
  /** How long a printer may take to accept the connection: one that does not is off (or off the network). */
  ligarMs: number
  /** How long the bytes may take to leave once connected, and the printer to close after them. */
  escreverMs: number
}

/**
 * What one send ended in:
 * - `impresso`: every byte went out and the connection ended cleanly;
 * - `sem-ligacao`: the printer did not take the connection (refused, unreachable, no answer), or dropped it before
 *   the first byte (`marcado`: after the job was marked as going out): no byte went;
 * - `incerto`: connected and marked, then the connection failed while the bytes went: some may have printed;
 * - `largado`: connected, but the job was no longer this sender's to send (`antesDeEscrever` said no): no byte went.
 */
export type ResultadoEnvio =
  | { tipo: 'impresso' }
  | { tipo: 'sem-ligacao'; erro: string; marcado?: true }
  | { tipo: 'incerto'; erro: string }
  | { tipo: 'largado' }

/** A socket error as an operator reads it: its code and the address, never a ticket's content. */
const descrever = (err: Error & { code?: string }) => err.code ?? err.message

/**
 * Sends the bytes to a printer over raw TCP (ESC/POS's "port 9100" protocol: the printer prints what it receives):
 * connect within `ligarMs`; once connected, `antesDeEscrever` is asked (and awaited) before the first byte goes, so
 * that the job is marked as going out before it may have (a send in doubt is then never made twice); then write,
 * end, and wait for the printer to close (within `escreverMs`). Whatever a printer sends back (status bytes) is read and
 * dropped: left unread, closing the socket would reset the connection and could lose what it had not printed yet.
 */
export function enviarPorTcp(
  destino: Destino,
  bytes: Uint8Array,
  limites: LimitesEnvio,
  antesDeEscrever: () => Promise<boolean>,
): Promise<ResultadoEnvio> {
  return new Promise<ResultadoEnvio>((resolve, reject) => {
    const socket = new Socket()
    let fase: 'a-ligar' | 'a-marcar' | 'a-escrever' | 'fim' = 'a-ligar'
    /** A failure of the connection while the job was being marked: said once the mark is known. */
    let erroAoMarcar: string | null = null
    let escrito = false
    let timer: NodeJS.Timeout | undefined

    const acabar = (resultado: ResultadoEnvio | Error) => {
      if (fase === 'fim') return
      fase = 'fim'
      clearTimeout(timer)
      socket.destroy()
      if (resultado instanceof Error) reject(resultado)
      else resolve(resultado)
    }
    const falhou = (erro: string) => {
      if (fase === 'a-ligar') acabar({ tipo: 'sem-ligacao', erro })
      else if (fase === 'a-marcar') erroAoMarcar ??= erro
      else if (fase === 'a-escrever') acabar(escrito ? { tipo: 'impresso' } : { tipo: 'incerto', erro })
    }

    socket.on('data', () => {})
    socket.on('error', (err) => falhou(descrever(err)))
    socket.on('close', () => falhou('ligação fechada pela impressora'))
    socket.on('finish', () => {
      // Every byte left for the printer; what remains is the printer closing its side.
      escrito = true
    })
    timer = setTimeout(() => falhou(`sem resposta em ${limites.ligarMs / 1000} s`), limites.ligarMs)

    socket.connect({ host: destino.endereco, port: destino.porta }, () => {
      clearTimeout(timer)
      fase = 'a-marcar'
      antesDeEscrever().then(
        (nosso) => {
          if (!nosso) return acabar({ tipo: 'largado' })
          if (erroAoMarcar !== null) return acabar({ tipo: 'sem-ligacao', erro: erroAoMarcar, marcado: true })
          // Marked as going out: from here on, a failure leaves the ticket in doubt, never sent again by itself.
          fase = 'a-escrever'
          timer = setTimeout(
            () =>
              acabar(escrito ? { tipo: 'impresso' } : { tipo: 'incerto', erro: 'a impressora não recebeu a tempo' }),
            limites.escreverMs,
          )
          socket.end(bytes)
        },
        (error: unknown) => acabar(error as Error),
      )
    })

    // The printer closed after reading everything: printed.
    socket.on('end', () => {
      if (fase === 'a-escrever' && escrito) acabar({ tipo: 'impresso' })
    })
  })
}
