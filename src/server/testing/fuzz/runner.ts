import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { mulberry32 } from '../../../shared/aleatorio.ts'
import type { RouteEntry } from '../../platform/server.ts'
import { snapshotRows } from '../snapshot.ts'
import type { Contract } from './contract.ts'
import { type Dice, pick } from './hostile.ts'
import { installJournal } from './journal.ts'
import { type ArbitraryOf, documentedRequest, type Mode, type Sent, undocumentedRequest } from './requests.ts'
import { type JsonSchema, valuesOf } from './schema-values.ts'
import { type Door, doorOf, type World } from './world.ts'

/**
 * The fuzz suite's loop: request after request drawn from one seed, each either valid (the document's schemas, real
 * values from the scene, the right identity), spoiled in one thing (hostile.ts), a replay of an earlier store change,
 * or a hostile request to a route outside the public document (the counter's and the back-office's doors, the
 * development endpoints). Every answer is held to the invariants: no 5xx; a documented operation's answer has a status
 * the document declares for it and a body its schema accepts; any other route's failure is the `{ error }` envelope;
 * and a refused request changed no row (a snapshot of every table before and after, `COUNTERS` and the event log aside).
 */

/**
 * What a refusal may write: the counters that count refusals (limits, customers' and staff's failed logins, a wrong
 * SMS code's attempt, of the five a code allows). Counting is what they are for; everything else is held to "a
 * refusal writes nothing".
 */
export const COUNTERS: ReadonlySet<string> = new Set([
  'limites',
  'tentativas_login',
  'admin_tentativas_login',
  'sms_desafios.tentativas',
])

/**
 * What is written after a request, not by it: the event log, which the bus writes once an earlier request's change is
 * committed (on PostgreSQL in its own batch, so it may land while a later request runs: docs/decisions/0056).
 */
const DEPOIS_DO_PEDIDO: readonly string[] = ['eventos']

/** What the journal and the snapshots leave aside. */
const FORA: ReadonlySet<string> = new Set([...COUNTERS, ...DEPOIS_DO_PEDIDO])

/**
 * Refusals the security baseline asks to be recorded: a failed staff password (sign-in or the password change) writes
 * its audit entry, and that entry alone.
 */
const AUDITED_REFUSALS: ReadonlyMap<string, string> = new Map([
  ['POST /admin/api/entrar', 'admin_auditoria'],
  ['POST /admin/api/alterar-password', 'admin_auditoria'],
])

export interface FuzzFailure {
  /** What kind of broken invariant, where: `5xx POST /login`, `contract GET /api/x 404`. */
  key: string
  count: number
  /** The first request that broke it, and what it got. */
  example: string
}

export interface FuzzReport {
  requests: number
  /** Documented operations requested, and those that answered a 2xx at least once. */
  operations: Set<string>
  reached: Set<string>
  /** By door: answers by status class (`2xx`, `4xx`…). */
  doors: Map<Door, Map<string, number>>
  statuses: Map<number, number>
  mutations: Map<string, number>
  refusalsChecked: number
  /** Answers of a known gap of the document (runFuzz's `knownGaps`), by operation and status. */
  knownGaps: Map<string, number>
  /** Of those, the ones also checked by checksums of every table (the journal's own check). */
  refusalsChecksummed: number
  fiveHundreds: number
  failures: Map<string, FuzzFailure>
  /** Why valid requests were refused, by operation (status and message): what keeps the fuzzing from going deeper. */
  validRefusals: Map<string, Map<string, number>>
  /** Requests the HTTP client itself would not send (a header value Node refuses): not counted as sent. */
  unsendable: number
}

/** One request's own seed, from the run's seed and its index: any request of a run is drawn the same again. */
export function requestSeed(seed: number, i: number): number {
  let h = (seed ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}

/** The suite's dice: the project's seeded generator (shared/aleatorio.ts). */
export const rng = (seed: number): Dice => mulberry32(seed)

export async function runFuzz(
  world: World,
  contract: Contract,
  undocumented: RouteEntry[],
  {
    seed,
    requests,
    knownGaps = [],
  }: {
    seed: number
    requests: number
    /**
     * Answers the server gives that the document does not declare yet, each named exactly (operation and status) and
     * reported to the document's owner: counted and printed, not failed. Never a way to silence a class of answers.
     */
    knownGaps?: readonly { op: string; status: number }[]
  },
): Promise<FuzzReport> {
  const report: FuzzReport = {
    requests: 0,
    operations: new Set(),
    reached: new Set(),
    doors: new Map(),
    statuses: new Map(),
    mutations: new Map(),
    refusalsChecked: 0,
    knownGaps: new Map(),
    refusalsChecksummed: 0,
    fiveHundreds: 0,
    failures: new Map(),
    unsendable: 0,
    validRefusals: new Map(),
  }
  const operations = contract.operations.filter((op) => !op.successTypes.some((t) => t.includes('event-stream')))
  const arbitraries = new Map<JsonSchema, Map<string, fc.Arbitrary<unknown>>>()
  const arbitraryOf: ArbitraryOf = (schema, name) => {
    const byName = arbitraries.get(schema) ?? new Map<string, fc.Arbitrary<unknown>>()
    arbitraries.set(schema, byName)
    let arb = byName.get(name ?? '')
    if (!arb) {
      arb = valuesOf(schema, { resolve: contract.resolve, hint: world.hints }, name)
      byName.set(name ?? '', arb)
    }
    return arb
  }
  const db = world.t.database.db
  const journal = await installJournal(db, FORA)
  /** Where the journal stood after the last request (null: the scene wrote since, so it is read again). */
  let journalMark: number | null = null
  const replays: Sent[] = []

  const fail = (key: string, example: string) => {
    const f = report.failures.get(key)
    if (f) f.count++
    else report.failures.set(key, { key, count: 1, example })
  }

  for (let i = 0; i < requests; i++) {
    const started = Date.now()
    const dice = rng(requestSeed(seed, i))
    const draw = <T>(arb: fc.Arbitrary<T>): T =>
      fc.sample(arb, { seed: Math.floor(dice() * 2 ** 31), numRuns: 1 })[0] as T
    // Time moves on between requests: limits' windows roll, payment requests and proofs of identification expire.
    world.clock.advance(Math.floor(dice() * 1500))

    const writesBefore = world.writes
    const r = dice()
    const mode: Mode =
      r < 0.14 && undocumented.length > 0
        ? 'undocumented'
        : r < 0.2 && replays.length > 0
          ? 'replay'
          : r < 0.62
            ? 'valid'
            : 'invalid'
    let sent: Sent
    let mutation: string | undefined
    if (mode === 'undocumented') {
      const built = await undocumentedRequest(world, dice, draw, arbitraryOf, pick(dice, undocumented), i)
      sent = built.sent
      mutation = built.mutation
    } else if (mode === 'replay') {
      sent = pick(dice, replays)
    } else {
      const op = pick(dice, operations)
      const built = await documentedRequest(world, contract, dice, draw, arbitraryOf, op, seed, i, mode === 'invalid')
      sent = built.sent
      mutation = built.mutation
      if (mutation) report.mutations.set(mutation, (report.mutations.get(mutation) ?? 0) + 1)
    }

    // One request in twenty is also checked by checksums of every table, the journal's own check (journal.ts).
    const checksums = dice() < 0.05 ? await snapshotRows(db, FORA) : undefined
    if (world.writes !== writesBefore) journalMark = null
    const mark: number = journalMark ?? (await journal.mark())
    let res: LightMyRequestResponse
    try {
      res = await world.t.app.inject(sent.options)
    } catch {
      report.unsendable++
      journalMark = mark
      continue
    }
    report.requests++
    // FUZZ_TRACE=1: every request, its time and its answer, as it goes.
    if (process.env.FUZZ_TRACE)
      console.log(
        `#${i} ${mode} ${Date.now() - started}ms ${requestText(sent.options).slice(0, 200)} → ${res.statusCode}`,
      )
    const status = res.statusCode
    const door = sent.op ? doorOf(sent.op.path) : doorOf(String(sent.options.url))
    const byDoor = report.doors.get(door) ?? new Map<string, number>()
    report.doors.set(door, byDoor)
    const klass = `${String(status)[0]}xx`
    byDoor.set(klass, (byDoor.get(klass) ?? 0) + 1)
    report.statuses.set(status, (report.statuses.get(status) ?? 0) + 1)
    world.observe(sent.identity, res, sent.op?.id, sent.body)

    const where = () =>
      `#${i} (${mode}${mutation ? `: ${mutation}` : ''}) ${requestText(sent.options)} → ${status} ${res.body.slice(0, 300)}`
    const name = sent.op?.id ?? `${sent.options.method} ${routeOf(sent.options.url)}`
    if (status >= 500) {
      report.fiveHundreds++
      fail(`5xx ${name} ${status}`, where())
    }
    if (sent.op) {
      report.operations.add(sent.op.id)
      if (status < 300) report.reached.add(sent.op.id)
      const verdict = contract.check(sent.op, status, res.headers['content-type']?.toString(), res.body)
      const gap = knownGaps.some((g) => g.op === sent.op?.id && g.status === status)
      if (!verdict.ok && gap && verdict.problem?.startsWith(`status ${status} not declared`)) {
        report.knownGaps.set(`${name} ${status}`, (report.knownGaps.get(`${name} ${status}`) ?? 0) + 1)
      } else if (!verdict.ok)
        fail(`contract ${name} ${status}: ${signature(verdict.problem ?? '')}`, `${verdict.problem}\n   ${where()}`)
    } else if (status >= 400 && res.headers['content-type']?.toString().includes('json')) {
      const error = safeJson(res.body)?.error
      if (typeof error?.title !== 'string' || typeof error?.message !== 'string')
        fail(`envelope ${name} ${status}`, where())
    }

    if (status >= 400 && mode === 'valid' && sent.op) {
      const why = report.validRefusals.get(sent.op.id) ?? new Map<string, number>()
      report.validRefusals.set(sent.op.id, why)
      const error = safeJson(res.body)?.error as { message?: string; fields?: object } | undefined
      const reason = `${status} ${error?.message ?? ''} ${error?.fields ? JSON.stringify(error.fields).slice(0, 120) : ''}`
      why.set(reason, (why.get(reason) ?? 0) + 1)
    }
    const written = await journal.since(mark)
    journalMark = written.mark
    if (status >= 400) {
      report.refusalsChecked++
      const recorded = AUDITED_REFUSALS.get(name)
      const escritas = written.tables.filter((t) => t !== recorded)
      if (escritas.length > 0) {
        const tables = [...new Set(escritas)].join(', ')
        fail(`wrote on a refusal ${name} ${status}`, `${where()}\n   rows written: ${tables}`)
      }
      if (checksums !== undefined && !(recorded && written.tables.includes(recorded))) {
        report.refusalsChecksummed++
        const after = await snapshotRows(db, FORA)
        if (after !== checksums) {
          fail(`checksums moved on a refusal ${name} ${status}`, `${where()}\n   ${diff(checksums, after)}`)
        }
      }
    } else {
      // The system's answers (the document itself) name no data of the scene.
      if (status < 300 && door !== 'system' && res.headers['content-type']?.toString().includes('json'))
        await world.harvest(safeJson(res.body), sent.op?.path ?? routeOf(sent.options.url))
      if (sent.op && sent.options.method !== 'GET' && mode !== 'replay' && replays.length < 200) replays.push(sent)
    }
  }
  return report
}

function routeOf(url: InjectOptions['url']): string {
  return String(url).split('?')[0] ?? ''
}

function safeJson(body: string): { error?: { title?: unknown; message?: unknown } } | undefined {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** A failure's kind without its particulars (values, indices), so that one cause is one line. */
function signature(problem: string): string {
  return problem.replace(/\{.*$/, '').replace(/\d+/g, 'N').slice(0, 160)
}

function requestText(options: InjectOptions): string {
  const q = options.query && Object.keys(options.query).length > 0 ? ` query=${JSON.stringify(options.query)}` : ''
  const headers = Object.entries((options.headers ?? {}) as Record<string, string>)
    .map(([k, v]) => `${k}: ${String(v).slice(0, 60)}`)
    .join(' | ')
  const body = typeof options.payload === 'string' ? ` body=${options.payload.slice(0, 300)}` : ''
  return `${options.method} ${String(options.url).slice(0, 200)}${q} [${headers}]${body}`
}

/** Which tables two snapshots differ in. */
function diff(before: string, after: string): string {
  const a = JSON.parse(before) as Record<string, unknown>
  const b = JSON.parse(after) as Record<string, unknown>
  const changed = Object.keys({ ...a, ...b }).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
  return `tables changed: ${changed.join(', ')}`
}
