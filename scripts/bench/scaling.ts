// Two app processes on PostgreSQL against one: content reads per second, each process held to the same fixed CPU
// budget (a cgroup quota), as two instances of one size would be. Target: two serve ≥ 1.7× the reads of one.
//
// Why a budget: on a machine this small, "two processes" would otherwise only share the cores one process already had
// (with the load generator and PostgreSQL). With one, a process is an instance of a given size, and the question is
// whether a second instance adds its share: nothing shared (the database, locks, the load generator) may hold it back.
//
// Settings (environment): BENCH_INSTANCE_CPUS (0.2), BENCH_WARMUP_S (3), BENCH_WINDOW_S (5), BENCH_CONNECTIONS (20),
// BENCH_ROUNDS (5).
import { type ServerProcess, seedDemoContent, startApp } from './app-process.ts'
import { BROWSER_READ_HEADERS, contentPaths, NOISY_MACHINE } from './content-reads.ts'
import { type CpuLimit, createCpuLimit } from './cpu-limit.ts'
import { createBenchDatabase } from './databases.ts'
import { combine, drive, failed, failuresText, type LoadResult, otherWork, rate } from './load.ts'
import { cores } from './machine.ts'
import {
  type Benchmark,
  type BenchReport,
  bullets,
  ms,
  percent,
  percentile,
  perSecond,
  setting,
  table,
} from './report.ts'

const TARGET_SCALE = 1.7

const notMeasured = (why: string): BenchReport => ({
  markdown: ['## Two app processes on PostgreSQL', '', `Not measured: ${why}.`].join('\n'),
  figures: [
    { name: 'content reads, two processes ÷ one', value: '— (not measured)', target: `≥ ${TARGET_SCALE}×`, met: false },
  ],
  checksPassed: true,
})

export const scaling: Benchmark = {
  name: 'scaling',
  async run(settings): Promise<BenchReport> {
    if (!settings.postgresUrl) return notMeasured('no PostgreSQL server (set BENCH_DATABASE_URL or TEST_DATABASE_URL)')
    const budget = setting('BENCH_INSTANCE_CPUS', 0.2, 0.05, cores)
    const warmupS = setting('BENCH_WARMUP_S', 3, 0, 60)
    const windowS = setting('BENCH_WINDOW_S', 5, 1, 120)
    const connections = setting('BENCH_CONNECTIONS', 20, 2, 1000)
    const roundCount = setting('BENCH_ROUNDS', 5, 1, 20)
    const limits: CpuLimit[] = []
    for (const name of ['balcao-bench-a', 'balcao-bench-b']) {
      const limit = createCpuLimit(`${name}-${process.pid}`, budget)
      if (limit) limits.push(limit)
    }
    if (limits.length < 2) {
      for (const limit of limits) await limit.remove()
      return notMeasured('this machine lets the benchmark set no CPU budget (no writable cgroup cpu controller)')
    }
    const database = await createBenchDatabase('postgres', settings.postgresUrl)
    const servers: ServerProcess[] = []
    try {
      await seedDemoContent(database.url)
      // Each instance on a core of its own, as two machines would have: the first on core 0, the second on core 1
      // beside the load generator (which needs less than the rest of that core). Together on one core, the two
      // cost each other a third more CPU a request in trial runs (each evicting the other from the core's caches).
      for (const [i, limit] of limits.entries()) {
        servers.push(await startApp(database.url, { limit, ...(settings.pin ? { pin: String(i % cores) } : {}) }))
      }
      const [first, second] = servers as [ServerProcess, ServerProcess]
      const paths = await contentPaths(first.origin)
      // The same connections in all: on one process, or split evenly between two (a balancer's round robin).
      const load = (on: ServerProcess[], seconds: number) =>
        drive({
          targets: on.map((server) => ({ origin: server.origin, paths, connections: connections / on.length })),
          seconds,
          headers: BROWSER_READ_HEADERS,
          watch: servers.map((s) => s.pid),
        })
      console.log(
        `scaling: ${warmupS} s warm-up, then ${roundCount} rounds of one, two, one, two processes × ${windowS} s…`,
      )
      await load(servers, warmupS)
      const windows: { one: LoadResult[]; two: LoadResult[] } = { one: [], two: [] }
      // "One" is each process alone in turn (first, then second): on a machine this small their places differ (the
      // second shares its core with the load generator), and "one" must be the average instance, not the better or
      // the worse placed. One and two alternate, so that a drift of the machine's speed (a shared host) weighs on both.
      const rounds: { one: LoadResult[]; two: LoadResult[] }[] = []
      for (let round = 0; round < roundCount; round++) {
        const r = { one: [] as LoadResult[], two: [] as LoadResult[] }
        for (const on of [[first], [first, second], [second], [first, second]]) {
          const result = await load(on, windowS)
          r[on.length === 1 ? 'one' : 'two'].push(result)
          windows[on.length === 1 ? 'one' : 'two'].push(result)
        }
        rounds.push(r)
      }
      const roundScales = rounds.map((r) => rate(combine(r.two)) / rate(combine(r.one)))
      const one = combine(windows.one)
      const two = combine(windows.two)
      const scale = rate(two) / rate(one)
      const checksPassed = failed(one) === 0 && failed(two) === 0
      const cpuShare = (r: LoadResult, i: number) => percent(r.cpuMs[i] ?? Number.NaN, r.seconds * 1000)

      const busiest = Math.max(otherWork(one), otherWork(two))
      const markdown = [
        '## Two app processes on PostgreSQL',
        '',
        bullets([
          `two app processes (\`src/server/main.ts\`, \`NODE_ENV=production\`) on one ${database.version} database ` +
            'filled by `db:seed`, each on its own port',
          `each process held to ${budget} CPU by a cgroup CPU quota (${Math.round(budget * 100)} ms in every 100 ms, as ` +
            `\`docker run --cpus=${budget}\` does): an instance of that size. Without a budget, one process would be ` +
            `compared with two sharing the same ${cores} cores, which the load generator and PostgreSQL need too; with ` +
            'one, a second instance adds what it brings unless something shared (the database, the load generator) ' +
            'holds it back' +
            (settings.pin
              ? '. Each process has a core of its own (taskset): the first core 0, the second core 1, where the load ' +
                'generator runs too and leaves it room enough'
              : ''),
          `load: the content reads of the section above in turn, ${connections} keep-alive connections in all, ` +
            'to the one process or split evenly between the two (as a round-robin balancer would), with the same ' +
            `headers; ${warmupS} s warm-up, then ${roundCount} rounds of ${windowS} s windows in the order one (the first ` +
            'process), two, one (the second process), two: "one" is each process alone in turn, so that neither ' +
            'placement counts for more than the other, and one and two alternate, so that a change in the speed of a ' +
            'shared machine weighs on both',
          'what it shows: the processes share nothing but the database, and reads come from each process’s ' +
            'read-model cache (docs/decisions/0008), so PostgreSQL sees a query per item and minute, not per request. ' +
            'A p99 of tens of milliseconds on one process is the quota at work: a process that has spent its share ' +
            'waits for the next period',
        ]),
        '',
        table(
          [
            'processes',
            'req/s',
            'p99',
            'CPU of process 1',
            'CPU of process 2',
            'CPU/request',
            'load generator CPU',
            'other work',
            'failed requests',
          ],
          (
            [
              ['one', one],
              ['two', two],
            ] as const
          ).map(([name, result]) => [
            name,
            perSecond(rate(result)),
            ms(percentile(result.latencies, 99)),
            cpuShare(result, 0),
            cpuShare(result, 1),
            `${Math.round((result.cpuMs.reduce((n, ms) => n + ms, 0) * 1000) / result.requests)} µs`,
            percent(result.loadGeneratorCpuMs, result.seconds * 1000),
            percent(otherWork(result), 1),
            failuresText(result),
          ]),
        ),
        '',
        `Two ÷ one: ${scale.toFixed(2)}× (target ≥ ${TARGET_SCALE}×; by round: ` +
          `${roundScales.map((r) => `${r.toFixed(2)}×`).join(', ')}). CPU of a process is its share of one core over ` +
          `the windows (its budget: ${percent(budget, 1)}; in the "one" row each process ran alone in half of the ` +
          '"one" windows, so each shows half its budget); CPU/request is both processes\' CPU time over the answers; ' +
          '"other work" as in the section above.' +
          (busiest > NOISY_MACHINE
            ? ` ⚠ Other work took up to ${percent(busiest, 1)} of the machine: the processes may not have had their ` +
              'whole budget, and the figure is less sure than on a quiet machine.'
            : '') +
          ` Checks: ${checksPassed ? 'OK' : 'FAILED'}: every answer 2xx.`,
      ].join('\n')
      return {
        markdown,
        figures: [
          {
            name: 'content reads, two processes ÷ one',
            value: `${scale.toFixed(2)}× (${perSecond(rate(two))} ÷ ${perSecond(rate(one))})`,
            target: `≥ ${TARGET_SCALE}×`,
            met: scale >= TARGET_SCALE,
          },
        ],
        checksPassed,
      }
    } finally {
      for (const server of servers) await server.stop()
      for (const limit of limits) await limit.remove()
      await database.drop()
    }
  },
}
