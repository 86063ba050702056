// What every benchmark module hands the runner (scripts/bench.ts), and the formatting they share.

/** One measured figure beside its target. */
export interface Figure {
  /** What it is, e.g. "/api/novidades: app ÷ bare Fastify, req/s". */
  name: string
  /** As measured, formatted ("—" when it could not be measured). */
  value: string
  /** The target, in words ("≥ 60%"); "—" when the figure has none. */
  target: string
  /** Whether it meets the target; null when it has none. */
  met: boolean | null
}

export interface BenchReport {
  /** The benchmark's section of docs/benchmarks.md: its method, how to read it, its tables. */
  markdown: string
  figures: Figure[]
  /** Its own checks held (no failed requests, a consistent ledger…). A missed target is not a failed check. */
  checksPassed: boolean
}

export interface BenchSettings {
  /** A PostgreSQL server to create benchmark databases on (any database of it), or undefined to skip PostgreSQL. */
  postgresUrl: string | undefined
  /** Whether to keep servers and the load generator on separate cores (taskset). */
  pin: boolean
}

export interface Benchmark {
  /** What `npm run bench -- <name>` selects. */
  name: string
  run(settings: BenchSettings): Promise<BenchReport>
}

/** A number from the environment, checked against its range. */
export function setting(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name]
  const value = raw === undefined || raw === '' ? fallback : Number(raw)
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name}: expected a number from ${min} to ${max}, got ${raw}`)
  }
  return value
}

/** Nearest-rank percentile. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = Float64Array.from(values).sort()
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

export const ms = (v: number) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms` : '—')

export const perSecond = (v: number) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-GB')}/s` : '—')

export const percent = (part: number, whole: number) =>
  Number.isFinite(part / whole) ? `${((100 * part) / whole).toFixed(0)}%` : '—'

export const mark = (met: boolean | null) => (met === null ? '—' : met ? '✔' : '✖')

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n')
}

export const bullets = (lines: string[]) => lines.map((l) => `- ${l}`).join('\n')
