// A fixed CPU budget for a process (a Linux cgroup's CFS quota): how a container or a cloud instance of a given size is
// held to its share, so that one app process and two can be compared as one instance and two on a machine too small
// to give each its own cores.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sleep } from './machine.ts'

/**
 * The kernel's default period, which `docker run --cpus` uses too. Shorter ones (10 ms was tried) cut a process's run
 * into slices so short that each request cost it half as much again, and more alone than beside a second process.
 */
const PERIOD_US = 100_000

export interface CpuLimit {
  /** The budget, in CPUs (0.3: 30% of one core). */
  cpus: number
  /** `argv` started inside the budget (before its first instruction, so every thread it makes is held to it). */
  command(argv: string[]): string[]
  remove(): Promise<void>
}

function writeIn(dir: string, file: string, value: string) {
  writeFileSync(join(dir, file), value)
}

/** Which cgroup hierarchy can hold a CPU quota here: v2's unified one, or v1's cpu controller. */
function cgroupRoot(): { dir: string; version: 1 | 2 } | undefined {
  const unified = '/sys/fs/cgroup'
  try {
    if (readFileSync(join(unified, 'cgroup.controllers'), 'utf8').split(/\s+/).includes('cpu')) {
      writeIn(unified, 'cgroup.subtree_control', '+cpu')
      return { dir: unified, version: 2 }
    }
  } catch {
    // not v2, or not ours to change
  }
  if (existsSync('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')) return { dir: '/sys/fs/cgroup/cpu', version: 1 }
  return undefined
}

/** A budget of `cpus`, or undefined when this machine does not let us set one (no cgroup we may write). */
export function createCpuLimit(name: string, cpus: number): CpuLimit | undefined {
  const root = cgroupRoot()
  if (!root) return undefined
  const dir = join(root.dir, name)
  const quotaUs = String(Math.max(1000, Math.round(cpus * PERIOD_US)))
  try {
    mkdirSync(dir)
    if (root.version === 2) {
      writeIn(dir, 'cpu.max', `${quotaUs} ${PERIOD_US}`)
    } else {
      writeIn(dir, 'cpu.cfs_period_us', String(PERIOD_US))
      writeIn(dir, 'cpu.cfs_quota_us', quotaUs)
    }
  } catch {
    try {
      rmdirSync(dir)
    } catch {
      // never made
    }
    return undefined
  }
  return {
    cpus,
    command: (argv) => ['sh', '-c', `echo $$ > ${join(dir, 'cgroup.procs')} && exec "$@"`, 'sh', ...argv],
    async remove() {
      // The kernel lets a cgroup go only once its last process has been reaped.
      for (let attempt = 0; attempt < 50; attempt++) {
        try {
          rmdirSync(dir)
          return
        } catch {
          await sleep(100)
        }
      }
    },
  }
}
