import { createServer, type Socket, connect as tcpConnect } from 'node:net'

/**
 * A TCP proxy to a database that a test can cut and restore: the database "going away" as the app sees it (a
 * network cut, the server restarted) while the database itself, and the test's own connection to it, stay up.
 */
export interface TcpProxy {
  port: number
  /**
   * Every connection through the proxy dropped; then new ones refused (`recusar`: the database restarting, a closed
   * port: each is reset as soon as it is taken), or accepted and never answered (`silencio`: packets dropped by a dead
   * link or a firewall), until `restore`.
   */
  cut(modo?: 'recusar' | 'silencio'): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let corte: 'recusar' | 'silencio' | null = null

  const seguir = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }

  // The listener stays up through a cut: closing it and listening again on the same ephemeral port (the app's
  // connection string names it) could find the port taken meanwhile by another process on a shared machine.
  const server = createServer((client) => {
    client.on('error', () => client.destroy())
    if (corte === 'recusar') {
      client.resetAndDestroy()
      return
    }
    seguir(client)
    // Silence: the connection is taken and nothing ever comes back.
    if (corte === 'silencio') return
    const upstream = tcpConnect(target.port, target.host)
    seguir(upstream)
    upstream.on('error', () => {
      client.destroy()
      upstream.destroy()
    })
    client.on('error', () => upstream.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  const derrubar = () => {
    for (const socket of sockets) socket.destroy()
    sockets.clear()
  }

  return {
    port,
    async cut(modo = 'recusar') {
      corte = modo
      derrubar()
    },
    async restore() {
      corte = null
      // The connections left hanging in silence end, as a link that comes back resets them.
      derrubar()
    },
    async close() {
      derrubar()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
