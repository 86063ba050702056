// `npm run bench`: every benchmark in scripts/bench/, one after another, then docs/benchmarks.md rewritten from this
// run alone: the machine, the date, every figure beside its target, and each benchmark's section. Nothing in the
// document is typed by hand. `npm run bench -- <name>…` runs only those and leaves the document as it is.
//
// A benchmark is a module exporting a `Benchmark` (scripts/bench/report.ts); add it to BENCHMARKS. The run exits
// non-zero when a benchmark's own checks fail (failed requests, a broken ledger); a missed target shows as ✖.
//
// Settings (environment): BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server to create the benchmarks'
// databases on; without one the PostgreSQL figures read "not measured"), BENCH_PIN (1: servers on core 0, the load
// generator on the others; 0: no pinning), and each benchmark's own (see its module).
import { writeFileSync } from 'node:fs'
import { contentReads } from './bench/content-reads.ts'
import { lighthouseBench } from './bench/lighthouse.ts'
import { loyalty } from './bench/loyalty.ts'
import { cores, describeMachine, hasTaskset, pinThisProcess } from './bench/machine.ts'
import { orders } from './bench/orders.ts'
import { pages } from './bench/pages.ts'
import { realtime } from './bench/realtime.ts'
import { type Benchmark, type BenchReport, type BenchSettings, mark, table } from './bench/report.ts'
import { scaling } from './bench/scaling.ts'

const BENCHMARKS: Benchmark[] = [contentReads, pages, scaling, loyalty, orders, realtime, lighthouseBench]

const DOC = 'docs/benchmarks.md'

const wanted = process.argv.slice(2)
const unknown = wanted.filter((name) => !BENCHMARKS.some((b) => b.name === name))
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(', ')} (known: ${BENCHMARKS.map((b) => b.name).join(', ')})`)
  process.exit(2)
}
const selected = wanted.length === 0 ? BENCHMARKS : BENCHMARKS.filter((b) => wanted.includes(b.name))

const settings: BenchSettings = {
  postgresUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
  pin: process.env.BENCH_PIN !== '0' && hasTaskset(),
}
// The load generator (this process) keeps off core 0, where each benchmark places the server it measures.
if (settings.pin) pinThisProcess(`1-${cores - 1}`)

const date = new Date().toISOString()
const machine = describeMachine()
console.log([`bench: ${selected.map((b) => b.name).join(', ')}`, ...machine].join('\n'))

const reports: { benchmark: Benchmark; report: BenchReport }[] = []
for (const benchmark of selected) {
  console.log(`\n━━ ${benchmark.name} ━━`)
  const report = await benchmark.run(settings)
  console.log(`\n${report.markdown}`)
  reports.push({ benchmark, report })
}

const figures = table(
  ['benchmark', 'figure', 'measured', 'target', ''],
  reports.flatMap(({ benchmark, report }) =>
    report.figures.map((f) => [benchmark.name, f.name, f.value, f.target, mark(f.met)]),
  ),
)
console.log(`\n${figures}`)

const failed = reports.filter(({ report }) => !report.checksPassed).map(({ benchmark }) => benchmark.name)
if (wanted.length === 0) {
  const doc = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` on ${date}: every figure below comes from that one run, none is typed by hand. ` +
      'Run it again to refresh them.',
    '',
    '## Machine',
    '',
    ...machine.map((line) => `- ${line}`),
    '- the load generator runs on the same machine, over loopback: each section says how the cores were shared, ' +
      'and how busy the machine was while it measured (other work on it shows there)',
    '',
    '## Figures and targets',
    '',
    '✔ met, ✖ missed, — no target.',
    '',
    figures,
    '',
    ...reports.flatMap(({ report }) => [report.markdown, '']),
  ].join('\n')
  writeFileSync(DOC, doc)
  console.log(`\n${DOC} written`)
}
if (failed.length > 0) console.error(`checks failed: ${failed.join(', ')}`)
process.exit(failed.length > 0 ? 1 : 0)
