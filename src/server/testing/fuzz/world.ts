import type { LightMyRequestResponse } from 'fastify'
import { API_VERSION } from '../../../shared/api.ts'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../../shared/constants.ts'
import { buildApp } from '../../app.ts'
import { configWith } from '../../config.ts'
import { ADMIN_COOKIE } from '../../features/admin/routes.ts'
import { signedInAdmin } from '../../features/admin/testing.ts'
import { todosOsDias } from '../../features/encomendas/horario.ts'
import { manualClock } from '../../platform/clock.ts'
import { HASH_COST_MIN } from '../../platform/crypto.ts'
import type { Dialect } from '../../platform/db.ts'
import { createSandboxProvider, type SandboxProvider } from '../../platform/pagamentos-sandbox.ts'
import { SESSION_COOKIE, SESSION_TOKEN_HEADER } from '../../platform/sessions.ts'
import { STAFF_COOKIE } from '../../platform/staff-surface.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../ementa.ts'
import {
  insertCampanha,
  insertContas,
  insertLoja,
  insertNovidade,
  insertRestaurante,
  insertSaldo,
} from '../fixtures.ts'
import { createTestDatabase, TEST_DATA_ENCRYPTION_KEY, type TestApp } from '../harness.ts'

/**
 * The scene the fuzz suite plays in, and who plays: two stores taking orders with the test menu, content to read,
 * customers with balances, and an identity for each door (anonymous and signed-in customers, by cookie and by Bearer;
 * a store key and another store's; a paired tablet; an admin; the payment provider's callback key). Valid requests
 * carry the right identity so that they reach the routes' rules, not just their doors' 401s. An identity the fuzzing
 * itself ends (a logout, a revoked key, an erased account) is made again before it is used next.
 *
 * `hints`: real values by field name (phones, ids, tags, proofs of identification), from the scene and from every
 * successful answer, offered to the generator of valid values.
 */

/** The doors (ARCHITECTURE.md "Surfaces") and the routes outside them, told by path. */
export type Door = 'customer' | 'store' | 'providers' | 'system' | 'counter' | 'admin' | 'dev'

export function doorOf(path: string): Door {
  if (path.startsWith('/api/dev/')) return 'dev'
  if (path.startsWith('/api/loja/v1/')) return 'store'
  if (path.startsWith('/api/pagamentos/')) return 'providers'
  if (path.startsWith('/painel/')) return 'counter'
  if (path.startsWith('/admin/')) return 'admin'
  if (path === '/api/health' || path.startsWith('/api/openapi') || path.startsWith('/api/docs')) return 'system'
  return 'customer'
}

/** A resource's name as one of it: `compras` → `compra` (hints of path ids are kept by resource). */
export const singular = (word: string) =>
  word
    .replace(/[oõ]es$/, 'ao')
    .replace(/ães$/, 'ão')
    .replace(/ns$/, 'm')
    .replace(/s$/, '')

export const PASSWORD = '135790'
const CALLBACK_KEY = 'chave-dos-callbacks-do-fuzz'

interface Cliente {
  id: number
  telemovel: string
  /** As the fuzzing left it (a valid password change is followed). */
  password: string
  /** The session token, by cookie or by Bearer. */
  token?: string
  bearer: boolean
}

export type IdentityName =
  | 'anonimo'
  | 'cliente-cookie'
  | 'cliente-bearer'
  | 'loja'
  | 'outra-loja'
  | 'tablet'
  | 'admin'
  | 'provider'
  | 'nenhuma'

export interface World {
  t: TestApp
  clock: ReturnType<typeof manualClock>
  sandbox: SandboxProvider
  /** The headers an identity sends (made again first when the fuzzing ended it). */
  headersOf(identity: IdentityName): Promise<Record<string, string>>
  /** What an answer says of the identity that sent it: a rotated session token, an ended session or key. */
  observe(identity: IdentityName, res: LightMyRequestResponse, opId?: string, body?: unknown): void
  hints(name: string): readonly unknown[]
  /** Rows the scene itself wrote so far (an identity made again, the phone answering): a snapshot taken before is stale. */
  readonly writes: number
  /** Values of a successful answer, by field name, for later requests (and the SMS codes it had sent). */
  harvest(value: unknown, path: string): Promise<void>
  /**
   * Recent successful answers, flattened (`{ cliente: { id } }` gives `cliente_id` and `id`): a body made of one
   * answer's values (a customer's id with the proof of that customer's identification) reaches where loose values
   * do not.
   */
  records(): readonly Record<string, unknown>[]
  /** The SMS code of a challenge, by its hash, when the fuzzing started it. */
  codeFor(hash: string): string | undefined
  /** The callback a provider sends for one of the sandbox's payment requests, answered by the phone first. */
  providerCallback(dice: () => number): Promise<Record<string, string> | undefined>
  close(): Promise<void>
}

const POOL_MAX = 40
const RECORDS_MAX = 60

export async function createWorld(dialect: Dialect): Promise<World> {
  // The app's time moves as the fuzzing goes (the driver advances it), so limits' windows roll and proofs expire; it
  // starts at the same instant every run (a Monday noon in Lisbon), so that a seed replays the same day and hours.
  const clock = manualClock('2026-11-23T12:00:00.000Z')
  const database = await createTestDatabase(dialect)
  // The sandbox with a callback key the suite knows: the provider's door is fuzzed with real callbacks.
  const sandbox = createSandboxProvider({ db: database.db, clock, expirySeconds: 240, callbackKey: CALLBACK_KEY })
  const config = configWith({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'dist/none',
    HASH_COST: HASH_COST_MIN,
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
  })
  const app = await buildApp(config, database, { clock, payments: sandbox })
  await app.ready()
  const t: TestApp = {
    app,
    database,
    api: (method, url, body) =>
      app.inject({
        method,
        url,
        headers: { accept: 'application/json', 'x-api-version': API_VERSION },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
    async close() {
      await app.close()
      await database.close()
    },
  }
  const db = t.database.db

  const pool = new Map<string, unknown[]>()
  const remember = (name: string, value: unknown) => {
    const list = pool.get(name) ?? []
    pool.set(name, list)
    if (list.some((v) => v === value)) return
    list.push(value)
    if (list.length > POOL_MAX) list.shift()
  }

  const { id: restauranteId } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
  const sempre = JSON.stringify(todosOsDias('00:00', '24:00'))
  await insertLoja(db, { tag: 'chiado', restaurante_id: restauranteId, id_loja: 862, horario_encomendas: sempre })
  await insertLoja(db, { tag: 'baixa', restaurante_id: restauranteId, id_loja: 848, horario_encomendas: sempre })
  await insertNovidade(db, { tag: 'abertura-chiado' })
  await insertCampanha(db, { tag: 'natal' })
  for (const tag of [TERMOS_TAG, POLITICA_PRIVACIDADE_TAG]) {
    await db.insertInto('informacao_legal').values({ tag, title: tag, title_detail: tag, text: 'Texto' }).execute()
  }
  const { id: categoriaId } = await db
    .insertInto('faq_categorias')
    .values({ tag: 'encomendas', title: 'Encomendas' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('faq_perguntas')
    .values({
      categoria_id: categoriaId,
      tag: 'como-pagar',
      title: 'Como pagar?',
      title_detail: 'Como',
      text: 'MB WAY',
    })
    .execute()
  const keys = lojasChavesRepo(db, clock)
  const chaves = { loja: '', outra: '' }
  const novaChave = async (idLoja: number) => (await keys.create(idLoja, `fuzz-${idLoja}-${Date.now()}`)).chave
  chaves.loja = await novaChave(862)
  chaves.outra = await novaChave(848)
  for (const chave of [chaves.loja, chaves.outra]) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/loja/v1/ementa',
      headers: { authorization: `Bearer ${chave}` },
      payload: ementaDeTeste(),
    })
    if (res.statusCode !== 200) throw new Error(`menu: ${res.statusCode} ${res.body}`)
  }

  let telemoveis = 0
  const entrar = (telemovel: string, password: string, bearer: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      headers: {
        accept: 'application/json',
        'x-api-version': API_VERSION,
        ...(bearer ? { authorization: 'Bearer x' } : {}),
      },
      payload: { telemovel, pais: '351', password },
    })
  /**
   * A signed-in customer: the one the fuzzing signed out signs in again (its orders and purchases stay reachable);
   * one it erased, or whose password it changed to one unknown, is followed by a new customer with a balance.
   */
  const signIn = async (bearer: boolean, antes?: Cliente): Promise<Cliente> => {
    let cliente = antes
    let login = cliente ? await entrar(cliente.telemovel, cliente.password, bearer) : undefined
    if (!cliente || login?.statusCode !== 200) {
      const telemovel = `91${String(2_000_000 + telemoveis++).padStart(7, '0')}`
      const [id = 0] = await insertContas(db, [telemovel], PASSWORD)
      const { id: transacao } = await insertSaldo(db, id, 1000, 50, 1)
      remember('telemovel', telemovel)
      remember('cliente_id', id)
      remember('qr', `qr-${telemovel}`)
      remember('transacao:id', transacao)
      cliente = { id, telemovel, password: PASSWORD, bearer }
      login = await entrar(telemovel, PASSWORD, bearer)
    }
    if (login?.statusCode !== 200) throw new Error(`login: ${login?.statusCode} ${login?.body}`)
    const token = bearer
      ? String(login.headers[SESSION_TOKEN_HEADER])
      : login.cookies.find((c) => c.name === SESSION_COOKIE)?.value
    return { ...cliente, ...(token ? { token } : {}) }
  }
  const clientes: Record<'cookie' | 'bearer', Cliente | undefined> = { cookie: undefined, bearer: undefined }

  const pair = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/painel/api/entrar', payload: { chave: chaves.loja } })
    return String(res.cookies.find((c) => c.name === STAFF_COOKIE)?.value ?? '')
  }
  let tablet = ''
  let admin = ''
  let admins = 0
  const stale = new Set<IdentityName>(['cliente-cookie', 'cliente-bearer', 'tablet', 'admin'])

  for (const [name, values] of Object.entries({
    pais: ['351'],
    password: [PASSWORD],
    id_loja: [862, 848],
    tag: ['chiado', 'baixa'],
    restaurante: ['nata-e-grao'],
    novidade: ['abertura-chiado'],
    campanha: ['natal'],
    nif: ['123456789', '501442600'],
    nif1: ['123456789', null],
    nif2: ['501442600', null],
    dataNascimento: ['1990-05-01', '2004-02-29'],
    codigoPostal: ['1100-048', '4000-322'],
    email: ['ana@exemplo.pt', 'bruno.silva@exemplo.pt'],
    // Phones nobody has yet (sign-ups, phone changes, provisional accounts at the till), beside the customers' own.
    telemovel: ['936000001', '936000002', '926000003', '966000004'],
    conteudo: [TERMOS_TAG, POLITICA_PRIVACIDADE_TAG],
    categoria: ['encomendas'],
    // The stores' ids (the rows' and the POS's): an opinion names the row's.
    loja: [1, 2, 862, 848, 'chiado', 'baixa'],
    endpoint: ['https://fcm.googleapis.com/fcm/send/fuzz-1', 'https://updates.push.services.mozilla.com/wpush/v2/fz'],
    // The test menu's products, complements and options (testing/ementa.ts).
    id: ['1001', '1002', '1003', '1004'],
    complementares: [['C1'], ['C2']],
    opcoes: [['A1'], ['G2']],
    provider: ['sandbox'],
    id_tipo_entrega: [1, 2],
    qtd: [1, 2],
    total: [250, 1000],
    saldo_a_usar: [0, 100],
    valor: [100, 250],
    // The states a store moves an order forward to (1 in preparation, 2 ready, 3 collected).
    estado: [1, 2, 3],
  }))
    for (const v of values) remember(name, v)

  let writes = 0
  async function ensure(identity: IdentityName) {
    if (!stale.has(identity)) return
    stale.delete(identity)
    writes++
    switch (identity) {
      case 'cliente-cookie':
        clientes.cookie = await signIn(false, clientes.cookie)
        break
      case 'cliente-bearer':
        clientes.bearer = await signIn(true, clientes.bearer)
        break
      case 'loja':
        chaves.loja = await novaChave(862)
        stale.add('tablet')
        await ensure('tablet')
        break
      case 'outra-loja':
        chaves.outra = await novaChave(848)
        break
      case 'tablet':
        tablet = await pair()
        if (!tablet) {
          stale.add('loja')
          await ensure('loja')
        }
        break
      case 'admin':
        admin = await signedInAdmin(t, `admin-${admins++}@exemplo.pt`, 'admin', { clock })
        break
    }
  }

  const world: World = {
    t,
    clock,
    sandbox,
    async headersOf(identity): Promise<Record<string, string>> {
      await ensure(identity)
      switch (identity) {
        case 'cliente-cookie':
          return clientes.cookie?.token ? { cookie: `${SESSION_COOKIE}=${clientes.cookie.token}` } : {}
        case 'cliente-bearer':
          return { authorization: `Bearer ${clientes.bearer?.token ?? ''}` }
        case 'loja':
          return { authorization: `Bearer ${chaves.loja}` }
        case 'outra-loja':
          return { authorization: `Bearer ${chaves.outra}` }
        case 'tablet':
          return { cookie: `${STAFF_COOKIE}=${tablet}` }
        case 'admin':
          return { cookie: `${ADMIN_COOKIE}=${admin}` }
        default:
          return {}
      }
    },
    observe(identity, res, opId, body) {
      const cliente =
        identity === 'cliente-cookie' ? clientes.cookie : identity === 'cliente-bearer' ? clientes.bearer : undefined
      if (cliente) {
        const password = (body as { password?: unknown } | undefined)?.password
        if (opId === 'POST /alterar-password' && res.statusCode === 200 && typeof password === 'string') {
          cliente.password = password
        }
        // A login as someone else, a logout: the device keeps what it is given, as a browser would.
        const set = cliente.bearer
          ? res.headers[SESSION_TOKEN_HEADER]
          : res.cookies.find((c) => c.name === SESSION_COOKIE)?.value
        if (typeof set === 'string' && set) cliente.token = set
      }
      if (res.statusCode === 401 && identity !== 'anonimo' && identity !== 'nenhuma' && identity !== 'provider') {
        stale.add(identity)
      }
    },
    hints(name) {
      const known = pool.get(name) ?? []
      if (name !== 'telemovel') return known
      // A phone nobody has yet, beside the known ones: sign-ups, phone changes, provisional accounts at the till.
      return [...known, `93${String(telemoveis++).padStart(7, '0')}`]
    },
    records: () => records,
    codeFor: (hash) => codigos.get(hash),
    get writes() {
      return writes
    },
    async harvest(value, path) {
      const record: Record<string, unknown> = {}
      // The resource a path names (`/api/loja/v1/compras` → `compra`): its answer's ids are that resource's.
      const resource = path
        .split('/')
        .filter((s) => s && !s.startsWith('{') && !s.startsWith(':') && !/^[\d%]/.test(s))
        .pop()
      walk(value, 0, '', record, resource ? singular(resource) : undefined)
      if (Object.keys(record).length > 1) {
        records.push(record)
        if (records.length > RECORDS_MAX) records.shift()
      }
      // A GDPR request: the link of its e-mail, as the customer would open it.
      if (path.startsWith('/rgpd/')) {
        const emails = await db.selectFrom('email_outbox').select('texto').orderBy('id', 'desc').limit(2).execute()
        for (const { texto } of emails) {
          for (const m of texto.matchAll(/\/rgpd\/(?:esquecimento|portabilidade)\/([A-Za-z0-9_-]{20,})/g)) {
            remember('token', m[1])
          }
        }
      }
      // A sign-up, a recovery, a phone change: its SMS code, as the customer read it on the phone (the newest SMS).
      if (typeof record.hash === 'string') {
        const sms = await db.selectFrom('sms_outbox').select('texto').orderBy('id', 'desc').limit(1).execute()
        const code = sms[0]?.texto.match(/\b(\d{6})\b/)?.[1]
        if (code) {
          remember('codigo', code)
          codigos.set(record.hash, code)
        }
      }
    },
    async providerCallback(dice) {
      const pedidos = (await sandbox.listar()).filter((p) => p.estado !== 'expirado')
      if (pedidos.length === 0) return undefined
      // Mostly a request still waiting for the phone: the order it pays reaches the store's board.
      const pendentes = pedidos.filter((p) => p.estado === 'pendente')
      const escolha = pendentes.length > 0 && dice() < 0.7 ? pendentes : pedidos
      const p = escolha[Math.floor(dice() * escolha.length)] as (typeof pedidos)[number]
      // The phone answers first (as the customer would); a callback for a request still pending is sent too.
      if (p.estado === 'pendente' && dice() < 0.8) {
        writes++
        await sandbox.responder(p.id, dice() < 0.8 ? 'pago' : 'recusado')
      }
      return sandbox.callbackDe(p)
    },
    close: () => {
      if (process.env.FUZZ_POOL) for (const [k, v] of pool) console.log(`pool ${k}: ${JSON.stringify(v).slice(0, 200)}`)
      return t.close()
    },
  }

  const records: Record<string, unknown>[] = []
  /** The SMS code sent for each challenge (by the hash its answer gave). */
  const codigos = new Map<string, string>()
  function walk(value: unknown, depth: number, prefix: string, record: Record<string, unknown>, resource?: string) {
    if (depth > 8 || value === null || typeof value !== 'object') return
    if (Array.isArray(value)) {
      for (const v of value.slice(0, 20))
        walk(v, depth + 1, '', {}, resource ?? (prefix ? singular(prefix) : undefined))
      return
    }
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && v.length <= 200)) {
        remember(k, v)
        if (prefix) remember(`${prefix}_${k}`, v)
        if (k === 'id' && prefix) remember(`${singular(prefix)}:id`, v)
        if (resource && depth <= 3) remember(`${resource}:${k}`, v)
        if (depth <= 3) {
          record[k] ??= v
          if (prefix) record[`${prefix}_${k}`] = v
        }
      } else {
        walk(v, depth + 1, k === 'data' ? '' : k, record, resource)
      }
    }
  }

  return world
}
