import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net'

/**
 * A TCP proxy to a database that a test can cut and restore: the database "going away" as the app sees it (a
 * network cut, the server restarted) while the database itself, and the test's own connection to it, stay up.
 */
export interface TcpProxy {
  port: number
  /** Every connection through the proxy dropped, and new ones refused until `restore`. */
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let port = 0
  let server: Server | null = null

  const listen = (onPort: number) =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = tcpConnect(target.port, target.host)
        for (const socket of [client, upstream]) {
          sockets.add(socket)
          socket.once('close', () => sockets.delete(socket))
          socket.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
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

  const stop = async () => {
    const s = server
    server = null
    for (const socket of sockets) socket.destroy()
    sockets.clear()
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }

  await listen(0)
  return {
    get port() {
      return port
    },
    cut: stop,
    // The same port again: the app's connection string names it.
    restore: () => listen(port),
    close: stop,
  }
}
