import type { ChildProcess } from 'node:child_process'

/**
 * The port a server process the tests started says it listens on (`PORT <n>` on its stdout: testing/second-process.ts,
 * testing/chaos-process.ts); rejects, naming `quem`, if it exits before.
 */
export function portaAnunciada(filho: ChildProcess, quem = 'server process'): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let saida = ''
    filho.stdout?.on('data', (chunk: Buffer) => {
      saida += chunk.toString()
      const m = saida.match(/PORT (\d+)/)
      if (m) resolve(Number(m[1]))
    })
    filho.once('exit', (code) => reject(new Error(`${quem} exited (${code}) before listening`)))
  })
}
