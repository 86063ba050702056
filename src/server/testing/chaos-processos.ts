import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The server processes the chaos suite kills (src/server/testing/chaos-process.ts): one serving, and one loaded and
 * waiting (CHAOS_STANDBY) to take over, so that a restart costs the start itself, not the loading of the code.
 */
export interface Servidores {
  /** The serving process's address. */
  readonly url: string
  /** Starts the waiting process (it opens the database now) and answers once it listens. */
  arrancar(): Promise<string>
  /**
   * Starts the waiting process and kills it `depoisDeMs` after it was told to start, whether or not it listens yet
   * (a kill during the start: migrations, the first reconciliation).
   */
  arrancarEMatar(depoisDeMs: number): Promise<boolean>
  /** SIGKILL: no shutdown, no request finished. True when it found the process alive (a kill that killed). */
  matar(): Promise<boolean>
  /** SIGTERM and wait: the clean stop at the end. */
  parar(): Promise<void>
  fechar(): Promise<void>
}

interface Processo {
  filho: ChildProcess
  porta: Promise<number>
}

const terminou = (filho: ChildProcess) => filho.exitCode !== null || filho.signalCode !== null

/** Sends the signal and waits for the end; false when the process had already ended (nothing was killed). */
async function sinal(filho: ChildProcess, s: NodeJS.Signals): Promise<boolean> {
  if (terminou(filho)) return false
  const saiu = new Promise((resolve) => filho.once('exit', resolve))
  filho.kill(s)
  await saiu
  return true
}

/** How long a start may take before the run fails: a hang, not a slow machine (a start takes a few seconds). */
const ARRANQUE_MAX_MS = 60_000

/**
 * How to run chaos-process.ts: bundled once by esbuild (what tsx itself compiles with) into one file, the packages
 * with native code left outside. Loading that takes about a third of the CPU of loading the sources through tsx
 * (0,5 s against 1,7 s here), and the suite starts a process per kill. Placed as deep as src/server/platform, so the
 * few paths the code takes relative to its own file resolve alike. Without esbuild (it comes with tsx and vite),
 * the sources through tsx.
 */
export async function prepararProcesso(): Promise<{ args: string[]; limpar(): void }> {
  const pasta = join('.tmp', 'chaos', 'bundle')
  const ficheiro = join(pasta, `chaos-process-${process.pid}-${randomBytes(4).toString('hex')}.mjs`)
  try {
    const { build } = await import('esbuild')
    mkdirSync(pasta, { recursive: true })
    await build({
      entryPoints: ['src/server/testing/chaos-process.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['better-sqlite3', 'sharp', 'pg-native'],
      outfile: ficheiro,
      logLevel: 'warning',
      // Packages bundled from CommonJS call require().
      banner: {
        js: "import { createRequire as __chaosRequire } from 'node:module'; const require = __chaosRequire(import.meta.url);",
      },
    })
    return { args: [ficheiro], limpar: () => rmSync(ficheiro, { force: true }) }
  } catch (error) {
    rmSync(ficheiro, { force: true })
    console.warn(`chaos: running the sources through tsx (no bundle: ${(error as Error).message})`)
    return { args: ['--import', 'tsx', 'src/server/testing/chaos-process.ts'], limpar: () => {} }
  }
}

export function criarServidores(
  args: string[],
  env: { CHAOS_DATABASE_URL: string; CHAOS_SCHEMA?: string },
): Servidores {
  const vivos = new Set<ChildProcess>()
  let atual: Processo | null = null
  let url = ''

  const carregar = (): Processo => {
    const filho = spawn(process.execPath, args, {
      env: { ...process.env, ...env, CHAOS_STANDBY: '1' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    vivos.add(filho)
    filho.once('exit', () => vivos.delete(filho))
    const porta = new Promise<number>((resolve, reject) => {
      let saida = ''
      filho.stdout?.on('data', (chunk: Buffer) => {
        saida += chunk.toString()
        const m = saida.match(/PORT (\d+)/)
        if (m) resolve(Number(m[1]))
      })
      filho.once('exit', (code, signal) =>
        reject(new Error(`server process ended (${code ?? signal}) before listening`)),
      )
    })
    // A process killed before it listens rejects: the caller that waits for it hears of it, nobody else.
    porta.catch(() => {})
    return { filho, porta }
  }

  // Two waiting: loading one takes about a second of CPU, and a kill may come sooner than that after a restart.
  const espera = [carregar(), carregar()]

  const proximo = (): Processo => {
    const p = espera.shift() ?? carregar()
    espera.push(carregar())
    p.filho.stdin?.write('go\n')
    return p
  }

  return {
    get url() {
      return url
    },
    async arrancar() {
      const p = proximo()
      atual = p
      let limite: NodeJS.Timeout | undefined
      const esgotado = new Promise<never>((_, reject) => {
        limite = setTimeout(() => {
          void sinal(p.filho, 'SIGKILL')
          reject(new Error(`chaos: the server process did not listen within ${ARRANQUE_MAX_MS / 1000} s; killed`))
        }, ARRANQUE_MAX_MS)
      })
      try {
        url = `http://127.0.0.1:${await Promise.race([p.porta, esgotado])}`
      } finally {
        clearTimeout(limite)
      }
      return url
    },
    async arrancarEMatar(depoisDeMs) {
      const p = proximo()
      await new Promise((resolve) => setTimeout(resolve, depoisDeMs))
      return sinal(p.filho, 'SIGKILL')
    },
    async matar() {
      const vivo = atual ? await sinal(atual.filho, 'SIGKILL') : false
      atual = null
      return vivo
    },
    async parar() {
      if (atual) await sinal(atual.filho, 'SIGTERM')
      atual = null
    },
    async fechar() {
      await Promise.all([...vivos].map((filho) => sinal(filho, 'SIGKILL')))
    },
  }
}
