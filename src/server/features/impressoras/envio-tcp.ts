import { promises as dns } from 'node:dns'
import { isIPv4, isIPv6, Socket } from 'node:net'
import { ipv4PermitidoParaImpressora } from '../../../shared/impressora.ts'

/** Where a printer listens: a host name or IPv4 address on the store's network, and its raw port (9100). */
export interface Destino {
  endereco: string
  porta: number
}

export interface LimitesEnvio {
  /** How long a printer's name may take to resolve, and then the printer to accept the connection: off if longer. */
  ligarMs: number
  /** How long the bytes may take to leave once connected, and the printer to close after them. */
  escreverMs: number
}

export interface OpcoesEnvio {
  /**
   * Loopback (127.0.0.0/8, ::1) taken as a printer. Never in production, where it is this machine's own services;
   * only the tests' apps allow it (AppDeps `impressoraLoopback`), their fake printer listening on 127.0.0.1.
   */
  permitirLoopback: boolean
}

/**
 * What one send ended in:
 * - `impresso`: every byte went out and the connection ended cleanly (the printer's connection took them: ESC/POS
 *   over TCP has no acknowledgement, so paper is not known to have come out);
 * - `sem-ligacao`: the printer's name did not resolve, or the printer did not take the connection (refused,
 *   unreachable, no answer), or dropped it before the first byte: no byte went;
 * - `recusado`: the address is, or resolves to, one a store's printer never has (this machine, link-local, multicast):
 *   nothing was connected to, and trying again will not change it;
 * - `incerto`: connected and marked, then the connection failed while the bytes went: some may have printed;
 * - `largado`: connected, but the job was no longer this sender's to send (`antesDeEscrever` said no): no byte went.
 */
export type ResultadoEnvio =
  | { tipo: 'impresso' }
  | { tipo: 'sem-ligacao'; erro: string }
  | { tipo: 'recusado'; erro: string }
  | { tipo: 'incerto'; erro: string }
  | { tipo: 'largado' }

/** A socket or resolver error as an operator reads it: its code, never a ticket's content. */
const descrever = (err: Error & { code?: string }) => err.code ?? err.message

/** The eight 16-bit groups of a valid IPv6 address (as `net.isIPv6` takes it), an IPv4 tail and a zone allowed. */
function gruposIpv6(ip: string): number[] {
  let texto = ip.toLowerCase().replace(/%.*$/, '')
  const cauda = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(texto)
  if (cauda) {
    const [a, b, c, d] = cauda.slice(2).map(Number) as [number, number, number, number]
    texto = `${cauda[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [antes = '', depois] = texto.split('::')
  const partes = (s: string) => (s === '' ? [] : s.split(':'))
  const inicio = partes(antes)
  const fim = depois === undefined ? [] : partes(depois)
  const zeros = Array<string>(8 - inicio.length - fim.length).fill('0')
  return [...inicio, ...zeros, ...fim].map((g) => Number.parseInt(g, 16))
}

/**
 * Whether an address a printer's name resolved to may be a printer on a store's network: IPv4 as the back-office
 * takes it (shared/impressora.ts); IPv6 but loopback (::1), unspecified (::), link-local (fe80::/10) and multicast
 * (ff00::/8), an IPv4-mapped one (::ffff:a.b.c.d) as the IPv4 address it is. Loopback only with `permitirLoopback`.
 */
export function ipPermitidoParaImpressora(ip: string, { permitirLoopback }: OpcoesEnvio): boolean {
  if (isIPv4(ip)) return ipv4PermitidoParaImpressora(ip) || (permitirLoopback && ip.split('.')[0] === '127')
  if (!isIPv6(ip)) return false
  const g = gruposIpv6(ip)
  const [primeiro = 0] = g
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    const [h = 0, l = 0] = g.slice(6)
    return ipPermitidoParaImpressora(`${h >> 8}.${h & 0xff}.${l >> 8}.${l & 0xff}`, { permitirLoopback })
  }
  const zerosAte7 = g.slice(0, 7).every((x) => x === 0)
  if (zerosAte7 && g[7] === 0) return false
  if (zerosAte7 && g[7] === 1) return permitirLoopback
  return (primeiro & 0xffc0) !== 0xfe80 && (primeiro & 0xff00) !== 0xff00
}

type Resolvido = { tipo: 'ip'; ip: string } | Extract<ResultadoEnvio, { tipo: 'sem-ligacao' | 'recusado' }>

/**
 * The printer's address, resolved once and checked: every address its name resolves to must be allowed (a name
 * that also resolves to this machine is refused as a whole), and the one connected to is an address checked here,
 * never the name again, which a second answer of the resolver could make another (DNS rebinding). IPv4 first: a
 * store's printer is on its IPv4 network.
 */
async function resolver(endereco: string, ligarMs: number, opcoes: OpcoesEnvio): Promise<Resolvido> {
  let timer: NodeJS.Timeout | undefined
  const limite = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ligarMs)
  })
  try {
    const enderecos = await Promise.race([dns.lookup(endereco, { all: true, verbatim: true }), limite])
    if (enderecos === null) return { tipo: 'sem-ligacao', erro: `nome sem resposta em ${ligarMs / 1000} s` }
    const proibido = enderecos.find((a) => !ipPermitidoParaImpressora(a.address, opcoes))
    if (proibido) {
      const resolvido = proibido.address === endereco ? '' : ` (${endereco})`
      return { tipo: 'recusado', erro: `endereço da impressora não permitido: ${proibido.address}${resolvido}` }
    }
    const escolhido = enderecos.find((a) => a.family === 4) ?? enderecos[0]
    if (!escolhido) return { tipo: 'sem-ligacao', erro: 'ENOTFOUND' }
    return { tipo: 'ip', ip: escolhido.address }
  } catch (error) {
    // A name that does not resolve now (the store's VPN down, a resolver that failed) may resolve later: retried.
    return { tipo: 'sem-ligacao', erro: descrever(error as Error) }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Sends the bytes to a printer over raw TCP (ESC/POS's "port 9100" protocol: the printer prints what it receives):
 * resolve and check its address, then connect to that address within `ligarMs`; once connected, `antesDeEscrever`
 * is asked (and awaited) before the first byte goes, so that the job is marked as going out before it may have (a send
 * in doubt is then never made twice); then write, end, and wait for the printer to close (within `escreverMs`).
 * Whatever a printer sends back (status bytes) is read and dropped: left unread, closing the socket would reset the
 * connection and could lose what it had not printed yet.
 */
export async function enviarPorTcp(
  destino: Destino,
  bytes: Uint8Array,
  limites: LimitesEnvio,
  antesDeEscrever: () => Promise<boolean>,
  opcoes: OpcoesEnvio = { permitirLoopback: false },
): Promise<ResultadoEnvio> {
  const resolvido = await resolver(destino.endereco, limites.ligarMs, opcoes)
  if (resolvido.tipo !== 'ip') return resolvido
  return ligarEEscrever(resolvido.ip, destino.porta, bytes, limites, antesDeEscrever)
}

function ligarEEscrever(
  ip: string,
  porta: number,
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

    // An address, not a name: nothing is resolved again between the check and the connection.
    socket.connect({ host: ip, port: porta }, () => {
      clearTimeout(timer)
      fase = 'a-marcar'
      antesDeEscrever().then(
        (nosso) => {
          if (!nosso) return acabar({ tipo: 'largado' })
          // Marked, but nothing went: the sender settles it from its mark as a printer that did not answer.
          if (erroAoMarcar !== null) return acabar({ tipo: 'sem-ligacao', erro: erroAoMarcar })
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

    // The printer closed after reading everything: the bytes were delivered.
    socket.on('end', () => {
      if (fase === 'a-escrever' && escrito) acabar({ tipo: 'impresso' })
    })
  })
}
