import { randomInt } from 'node:crypto'
import { mulberry32 } from '../../shared/aleatorio.ts'

/** The run's seed: CHAOS_SEED when given (a failure's printed seed reproduces its kill points), else a new one. */
export function sementeDoCaos(): number {
  const dada = process.env.CHAOS_SEED
  if (dada !== undefined && dada !== '') {
    const n = Number(dada)
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`CHAOS_SEED must be a whole number, not ${dada}`)
    return n
  }
  return randomInt(0, 2 ** 31)
}

/** Whole numbers and choices over a stream of fractions in [0, 1). */
function sobre(next: () => number) {
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { next, int, escolher: <T>(xs: T[]): T | undefined => pelaFracao(xs, next()) }
}

/** A stream drawn from a seed (shared/aleatorio.ts). */
export const gerador = (semente: number) => sobre(mulberry32(semente))

/**
 * The values one operation may need, drawn all at once before it runs: the operation stream then moves by the same
 * count per operation whatever the answers, so a seed names the same operations on any machine.
 */
export const SORTEIOS_POR_OPERACAO = 8

/** A Gerador over values already drawn: an operation that needed more than it drew is a bug of the suite. */
export function sorteioFixo(valores: number[]): Gerador {
  let i = 0
  return sobre(() => {
    const v = valores[i++]
    if (v === undefined) throw new Error(`chaos: an operation drew more than its ${valores.length} values`)
    return v
  })
}

/** What one cycle does, drawn from its own stream: the same draws per cycle whatever came back from the server. */
export interface CicloDoPlano {
  /** Operations run before the kill. */
  antes: number
  /** Killed between requests and again while starting, rather than with requests in flight. */
  arranque: boolean
  /** How long after being told to start the starting process is killed. */
  atrasoArranque: number
  /** Operations in flight when the kill comes, and how long after they were sent. */
  vitimas: number
  atraso: number
  /** The phone pays a pending request while no server runs (the in-flight branch). */
  pagaSemServidor: boolean
  /** Which pending request the phone pays, and which recorded requests are sent again (fractions of the lists). */
  escolhaPagamento: number
  repetir: [number, number]
}

export const SORTEIOS_POR_CICLO = 9

export function planoDoCaos(semente: number) {
  const rng = gerador((semente ^ 0x5eed_c1c1) >>> 0)
  return {
    ciclo(): CicloDoPlano {
      const v = Array.from({ length: SORTEIOS_POR_CICLO }, () => rng.next())
      const f = sorteioFixo(v)
      return {
        antes: f.int(0, 3),
        arranque: f.next() < 0.15,
        atrasoArranque: f.int(0, 400),
        vitimas: f.int(1, 3),
        atraso: f.int(0, 25),
        pagaSemServidor: f.next() < 0.3,
        escolhaPagamento: f.next(),
        repetir: [f.next(), f.next()],
      }
    },
  }
}

/** The operation stream: a seed of its own, apart from the plan's. */
export const operacoesDoCaos = (semente: number) => gerador((semente ^ 0x0b5e_55ed) >>> 0)

/** An element of a list by a fraction drawn beforehand. */
export const pelaFracao = <T>(xs: T[], x: number): T | undefined => xs[Math.floor(x * xs.length)]

export type Gerador = ReturnType<typeof gerador>
