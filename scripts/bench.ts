// `npm run bench`: every benchmark, one after another, then docs/benchmarks.md rewritten from this run alone: each
// benchmark writes its own section (its figures beside their targets) to the file BENCH_MARKDOWN names, and its output
// is kept below it. Nothing in the document is typed by hand. A benchmark that fails its checks still has its section
// written (the failure is in it) and makes this exit non-zero; one that produces no section leaves the document as it
// was.
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'

interface Bench {
  name: string
  script: string
}

/** Add new benchmarks here: each prints its report and writes its section of the document to BENCH_MARKDOWN. */
const BENCHES: Bench[] = [{ name: 'loyalty', script: 'scripts/bench-loyalty.ts' }]

const DOC = 'docs/benchmarks.md'

function run(bench: Bench, markdownFile: string): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', bench.script], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_MARKDOWN: markdownFile },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      output += chunk.toString('utf8')
    })
    child.once('close', (code) => done({ code: code ?? 1, output }))
  })
}

const cpu = os.cpus()[0]?.model?.trim() || 'unknown CPU'
const cores = os.availableParallelism()
const date = new Date().toISOString()
const pg = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL

mkdirSync('.tmp', { recursive: true })
const sections: string[] = []
let failed = 0
let missing = 0
for (const bench of BENCHES) {
  console.log(`\n━━ bench: ${bench.name} (${bench.script}) ━━`)
  const markdownFile = `.tmp/bench-${bench.name}.md`
  rmSync(markdownFile, { force: true })
  const { code, output } = await run(bench, markdownFile)
  if (code !== 0) failed++
  let section: string
  try {
    section = readFileSync(markdownFile, 'utf8').trim()
  } catch {
    missing++
    console.error(`bench ${bench.name}: no report written (exit ${code})`)
    continue
  }
  sections.push(
    [
      section,
      '',
      code === 0 ? '' : `**This benchmark exited with code ${code}: see its checks above.**\n`,
      `<details><summary>Output of <code>${bench.script}</code></summary>`,
      '',
      '```text',
      output.trim(),
      '```',
      '',
      '</details>',
    ].join('\n'),
  )
}

if (missing > 0) {
  console.error(`\n${DOC} left as it was: ${missing} benchmark(s) wrote no report`)
  process.exit(1)
}

const doc = [
  '# Benchmarks',
  '',
  `Written by \`npm run bench\` on ${date}; every figure below comes from that run. Do not edit by hand: run it again.`,
  '',
  `- machine: ${cpu}, ${cores} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ${os.type()} ${os.release()}; Node ${process.version}`,
  `- PostgreSQL: ${pg ? 'measured (BENCH_DATABASE_URL or TEST_DATABASE_URL was set)' : 'not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)'}`,
  `- the load generator runs on the same ${cores}-core machine as the server (and PostgreSQL), over loopback: it takes CPU`,
  '  the server would otherwise have, and the latencies include its own delays. Each benchmark says how it shares the',
  '  cores, and how busy the whole machine was while it measured (other work on the machine shows there).',
  '',
  ...sections.flatMap((s) => [s, '']),
].join('\n')
writeFileSync(DOC, doc)
console.log(`\n${DOC} written${failed > 0 ? `; ${failed} benchmark(s) failed their checks` : ''}`)
process.exit(failed > 0 ? 1 : 0)
