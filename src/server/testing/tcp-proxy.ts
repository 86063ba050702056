import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net'

/**
 * A TCP proxy to a database that a test can cut and restore: the database "going away" as the app sees it (a
 * network cut, the server restarted) while the database itself, and the test's own connection to it, stay up.
 */
export interface TcpProxy {
  port: number
  /**
   * Every connection through the proxy dropped; then new ones refused (`recusar`: the database restarting, a closed
   * port), or accepted and never answered (`silencio`: packets dropped by a dead link or a firewall), until `restore`.
   */
  cut(modo?: 'recusar' | 'silencio'): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let port = 0
  let server: Server | null = null
  let calado = false

  const seguir = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }

  const listen = (onPort: number) =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        seguir(client)
        client.on('error', () => client.destroy())
        // Silence: the connection is taken and nothing ever comes back.
        if (calado) return
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
      s.once('error', reject)
      s.listen(onPort, '127.0.0.1', () => {
        const address = s.address()
        port = typeof address === 'object' && address ? address.port : 0
        server = s
        resolve()
      })
    })

  const derrubar = () => {
    for (const socket of sockets) socket.destroy()
    sockets.clear()
  }
  const stop = async () => {
    const s = server
    server = null
    derrubar()
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }

  await listen(0)
  return {
    get port() {
      return port
    },
    async cut(modo = 'recusar') {
      if (modo === 'silencio') {
        calado = true
        derrubar()
      } else {
        await stop()
      }
    },
    async restore() {
      calado = false
      // The connections left hanging in silence end, as a link that comes back resets them.
      derrubar()
      // The same port again: the app's connection string names it.
      if (!server) await listen(port)
    },
    close: stop,
  }
}
