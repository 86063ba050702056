// The machine the benchmarks run on, and the CPU time of its processes: what a reader needs to judge a figure.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'

/** Linux's USER_HZ: the unit of /proc's CPU times. */
const TICKS_PER_SECOND = 100

export const cores = os.availableParallelism()

function cpuModel(): string {
  const model = os.cpus()[0]?.model?.trim()
  if (model) return model
  try {
    return /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? 'unknown'
  } catch {
    return 'unknown'
  }
}

export function describeMachine(): string[] {
  const [one, five] = os.loadavg()
  return [
    `CPU: ${cpuModel()}, ${cores} cores; RAM: ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    `OS: ${os.type()} ${os.release()} (${os.arch()}); Node ${process.version}`,
    `load average when the run began: ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min)`,
  ]
}

/** Busy and total core time of the whole machine so far (ms), from /proc/stat; undefined off Linux. */
export function machineCpu(): { busyMs: number; totalMs: number } | undefined {
  try {
    const fields = /^cpu\s+(.+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]?.trim().split(/\s+/).map(Number)
    if (!fields || fields.length < 5) return undefined
    // user nice system idle iowait irq softirq steal: idle and iowait are not busy.
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0)
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0)
    const tick = 1000 / TICKS_PER_SECOND
    return { busyMs: (total - idle) * tick, totalMs: total * tick }
  } catch {
    return undefined
  }
}

/** CPU time (user + system, ms) a process has used so far; NaN once it is gone or off Linux. */
export function processCpuMs(pid: number): number {
  try {
    // Fields after the command name, which may itself hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
  } catch {
    return Number.NaN
  }
}

export const hasTaskset = () => cores >= 2 && spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0

/** Keeps this process (every thread) on `cpus`, a taskset list such as `1` or `1-3`. */
export function pinThisProcess(cpus: string): void {
  spawnSync('taskset', ['-a', '-c', '-p', cpus, String(process.pid)], { stdio: 'ignore' })
}

/** A loopback port free right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))))
    })
  })
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
