import { createECDH, randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { afterEach, beforeEach, expect } from 'vitest'
import type { AppDeps } from '../../app.ts'
import type { Config } from '../../config.ts'
import { manualClock } from '../../platform/clock.ts'
import type { DatabaseHandle, Dialect } from '../../platform/db.ts'
import { lojasChavesRepo } from '../../platform/store-keys.ts'
import { ementaDeTeste } from '../../testing/ementa.ts'
import { insertLoja, insertRestaurante } from '../../testing/fixtures.ts'
import { createTestApp, device, lastSmsCode, type TestApp } from '../../testing/harness.ts'

/** What the GDPR tests share: the e-mails the outbox holds and the link in the newest one to an address. */

export async function emailsPara(t: TestApp, para: string) {
  return t.database.db.selectFrom('email_outbox').selectAll().where('para', '=', para).orderBy('id', 'desc').execute()
}

/** The token of the newest GDPR link of this kind e-mailed to `para` (`/rgpd/<tipo>/<token>`). */
export async function tokenDoEmail(t: TestApp, para: string, tipo: 'esquecimento' | 'portabilidade') {
  const emails = await emailsPara(t, para)
  expect(emails.length, `no e-mail to ${para}`).toBeGreaterThan(0)
  const padrao = new RegExp(`/rgpd/${tipo}/([A-Za-z0-9_-]+)`)
  const match = emails.map((e) => e.texto.match(padrao)).find((m) => m !== null)
  expect(match, `no ${tipo} link e-mailed to ${para}`).toBeDefined()
  return match?.[1] as string
}

/** A person whose every trace is easy to find: nothing else in a test database looks like any of these. */
export const PESSOA = {
  telemovel: '967418253',
  e164: '+351967418253',
  nome: 'Zacarias Quintela Bettencourt',
  email: 'zacarias.q.bettencourt@correio.example',
  nif1: '273918460',
  nif2: '294857133',
  password: '135790',
}

/** What identifies the person, as the erasure test searches for it: phone (both forms), name and its parts, e-mail, NIFs. */
export const TRACOS = [
  PESSOA.telemovel,
  PESSOA.e164,
  PESSOA.nome,
  'Zacarias',
  'Quintela',
  'Bettencourt',
  PESSOA.email,
  PESSOA.nif1,
  PESSOA.nif2,
]

export interface Achado {
  tabela: string
  coluna: string
  traco: string
}

/**
 * Every table of the database, found at run time (so a table a later migration adds is searched too), every row and
 * every column: each value as text (and each string inside a JSON text) searched, case-insensitively, for each trace.
 */
export async function procurarTracos(database: DatabaseHandle, tracos: string[] = TRACOS): Promise<Achado[]> {
  const { db, dialect } = database
  const tabelas =
    dialect === 'postgres'
      ? await sql<{ nome: string }>`select table_name as nome from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
      : await sql<{ nome: string }>`select name as nome from sqlite_master where type = 'table'`.execute(db)
  expect(tabelas.rows.map((r) => r.nome)).toEqual(expect.arrayContaining(['utilizadores', 'rgpd_pedidos']))
  const procurados = tracos.map((t) => t.toLowerCase())
  const achados: Achado[] = []
  for (const { nome: tabela } of tabelas.rows) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(tabela)}`.execute(db)
    for (const row of rows) {
      for (const [coluna, valor] of Object.entries(row)) {
        const texto = textosDe(valor).join('\n').toLowerCase()
        for (const [i, p] of procurados.entries()) {
          if (texto.includes(p)) achados.push({ tabela, coluna, traco: tracos[i] as string })
        }
      }
    }
  }
  return achados
}

function textosDe(valor: unknown): string[] {
  if (valor === null || valor === undefined) return []
  if (valor instanceof Date) return [valor.toISOString()]
  if (valor instanceof Uint8Array) return [Buffer.from(valor).toString('utf8')]
  if (typeof valor !== 'string') return [String(valor)]
  const textos = [valor]
  if (/^\s*[[{"]/.test(valor)) {
    try {
      textos.push(...stringsDe(JSON.parse(valor)))
    } catch {
      // Not JSON: the text itself was searched.
    }
  }
  return textos
}

function stringsDe(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.flatMap(stringsDe)
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...stringsDe(x)])
  return v === null || v === undefined ? [] : [String(v)]
}

/** Every table with a `utilizador_id` column, found at run time, and how many of its rows name this account. */
export async function linhasDaConta(database: DatabaseHandle, utilizadorId: number): Promise<Record<string, number>> {
  const { db, dialect } = database
  const { rows } =
    dialect === 'postgres'
      ? await sql<{ tabela: string }>`select table_name as tabela from information_schema.columns
          where table_schema = current_schema() and column_name = 'utilizador_id'`.execute(db)
      : await sql<{ tabela: string }>`select m.name as tabela from sqlite_master m, pragma_table_info(m.name) p
          where m.type = 'table' and p.name = 'utilizador_id'`.execute(db)
  const out: Record<string, number> = {}
  for (const { tabela } of rows) {
    const r = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(tabela)}
      where utilizador_id = ${utilizadorId}`.execute(db)
    const n = Number(r.rows[0]?.n ?? 0)
    if (n > 0) out[tabela] = n
  }
  return out
}

export type Cena = ReturnType<typeof setupRgpd>
export type Dispositivo = ReturnType<typeof device>

/**
 * The GDPR suites' scene: a store (862) taking orders all day with the test menu and a till key, on a clock the test
 * moves. Called inside the suite's `describe` (registers `beforeEach`/`afterEach`); the current test's app as getters.
 */
export function setupRgpd(dialect: Dialect, config: Partial<Config> = {}, deps: AppDeps = {}) {
  let t: TestApp
  let clock: ReturnType<typeof manualClock>
  let chave: string
  let seq = 0

  beforeEach(async () => {
    clock = manualClock('2026-11-22T10:00:00.000Z')
    t = await createTestApp(dialect, { LOG_LEVEL: 'silent', ...config }, { clock, ...deps })
    const db = t.database.db
    const { id } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    // Orders taken at any hour, every day (encomendas/horario.ts's format: a day's open intervals, Monday first).
    const sempre = JSON.stringify(Array.from({ length: 7 }, () => [['00:00', '24:00']]))
    await insertLoja(db, {
      tag: 'chiado',
      restaurante_id: id,
      id_loja: 862,
      name: 'Chiado',
      horario_encomendas: sempre,
    })
    chave = (await lojasChavesRepo(db, clock).create(862, 'caixa-862')).chave
    expect((await loja('PUT', '/ementa', ementaDeTeste())).statusCode).toBe(200)
  })
  afterEach(() => t.close())

  /** A call of the till: its key, and a fresh Idempotency-Key unless one is given. */
  function loja(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, idem = `rgpd-${++seq}`) {
    return t.app.inject({
      method,
      url: `/api/loja/v1${url}`,
      headers: { authorization: `Bearer ${chave}`, 'idempotency-key': idem },
      ...(body === undefined ? {} : { payload: body as object }),
    })
  }

  /** The person signs up on a phone of theirs, with every personal field of the form. */
  async function registar(telemovel = PESSOA.telemovel) {
    const d = device(t)
    const inicio = await d.call('POST', '/registo', { telemovel, pais: '351', termos: true })
    expect(inicio.statusCode, inicio.body).toBe(200)
    const codigo = await lastSmsCode(t, `+351${telemovel}`)
    expect((await d.call('POST', `/registo/${inicio.json().data.hash}`, { codigo })).statusCode).toBe(200)
    const dados = await d.call('POST', '/alterar-dados-pessoais', {
      nome: PESSOA.nome,
      email: PESSOA.email,
      dataNascimento: '1984-02-29',
      genero: 'M',
      codigoPostal: '9500-150',
      codigoParceria: 'QUINTELA',
      nomeFaturacao1: PESSOA.nome,
      nif1: PESSOA.nif1,
      nomeFaturacao2: 'Bettencourt & Quintela',
      nif2: PESSOA.nif2,
      comunicacoes: true,
      aceitacao: true,
      password: PESSOA.password,
      confirmacaoPassword: PESSOA.password,
    })
    expect(dados.statusCode, dados.body).toBe(200)
    return { d, id: dados.json().data.user.data.id as number }
  }

  /** An order from the app (two pastéis de nata, 2,60 €) with the person's checkout data; paid unless `pagar` is false. */
  async function encomendar(d: Dispositivo, { pagar = true, chaveIdem = `k-${++seq}` } = {}) {
    const res = await d.call(
      'POST',
      '/api/finaliza-encomenda',
      {
        id_tipo_entrega: 0,
        telemovel: PESSOA.telemovel,
        pais: '351',
        aceitou: true,
        nome: PESSOA.nome,
        email: PESSOA.email.toUpperCase(),
        nif: PESSOA.nif1,
        cart: [{ id: '1001', qtd: 2 }],
        id_loja: 862,
        usar_premio: 0,
      },
      { 'idempotency-key': chaveIdem },
    )
    if (res.statusCode !== 201) return { res, id: null }
    const id = res.json().data.orderData.orderId as number
    if (pagar) {
      const pedidos = (await t.api('GET', '/api/dev/pagamentos')).json().data as { id: string; estado: string }[]
      const pendente = pedidos.find((p) => p.estado === 'pendente')
      expect((await t.api('POST', `/api/dev/pagamentos/${pendente?.id}/aprovar`)).statusCode).toBe(200)
    }
    return { res, id }
  }

  /**
   * The store makes the order and hands it over: received → being prepared → ready → collected (each answer recorded
   * for the till's retries).
   */
  async function aviar(id: number) {
    for (const estado of [1, 2, 3]) {
      const res = await loja('POST', `/encomendas/${id}/estado`, { estado }, `aviar-${id}-${estado}`)
      expect(res.statusCode, res.body).toBe(200)
    }
  }

  /** A Web Push subscription of the device (never contacted: the tests send no push). */
  async function subscrever(d: Dispositivo) {
    const ecdh = createECDH('prime256v1')
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('hex')}`
    const keys = { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') }
    const res = await d.call('POST', '/api/push/subscricao', { endpoint, keys })
    expect(res.statusCode, res.body).toBe(200)
    return { endpoint, keys }
  }

  const privado = async (d: Dispositivo) =>
    (await d.call('POST', '/api/refresh-private-data', { value: true })).json().data

  return {
    get t() {
      return t
    },
    get clock() {
      return clock
    },
    loja,
    registar,
    encomendar,
    aviar,
    subscrever,
    privado,
  }
}

/** When the person's birthday rewards were given and used (a day of their birthday). */
const ANTES = '2025-03-14T12:00:00.000Z'

/**
 * The person with data in as many tables as the app has: a complete account with every personal field and the
 * security key on, purchases at the till (one spending, with its proof, and a proof left unused), an opinion with a
 * comment, a paid order made and handed over, a push subscription, personal notifications, SMS sent, a login failure,
 * rate-limit counters on the number, a GDPR request e-mailed, and a second device signed in.
 */
export async function montarPessoa(cena: Cena) {
  const { t, loja } = cena
  const { d, id } = await cena.registar()
  const chave = await d.call('POST', '/chave-seguranca', { selecao: 1 })
  expect(chave.statusCode, chave.body).toBe(200)
  const qr = chave.json().data.user.qrCode as string

  const ganhar = await loja('POST', '/compras', { cliente_id: id, total: 4000, saldo_a_usar: 0, referencia: 'FT 1' })
  expect(ganhar.statusCode, ganhar.body).toBe(201)
  const identificacao = (await loja('POST', '/clientes/identificar', { qr })).json().data.identificacao
  const gastar = await loja('POST', '/compras', {
    cliente_id: id,
    identificacao,
    total: 1000,
    saldo_a_usar: 150,
    referencia: 'FT 2',
  })
  expect(gastar.statusCode, gastar.body).toBe(201)
  // Birthday rewards, whose days say the birthday: last year's used by that purchase, this year's not yet.
  const { id: premioId } = await t.database.db
    .insertInto('premios')
    .values({ finalidade: 'aniversario', nome: 'Bolo', tipo: 'valor', valor: 300, validade_dias: 7, criado_em: ANTES })
    .returning('id')
    .executeTakeFirstOrThrow()
  const aniversario = { utilizador_id: id, premio_id: premioId, criado_em: ANTES }
  await t.database.db
    .insertInto('premios_aniversario')
    .values([
      { ...aniversario, ano: 2025, valido_de: '2025-03-14', valido_ate: '2025-03-21' },
      { ...aniversario, ano: 2026, valido_de: '2026-03-14', valido_ate: '2026-03-21' },
    ])
    .execute()
  await t.database.db
    .updateTable('premios_aniversario')
    .set({ transacao_id: gastar.json().data.transacao.id, usado_em: ANTES })
    .where('ano', '=', 2025)
    .execute()
  // A proof the till got and did not use.
  expect((await loja('POST', '/clientes/identificar', { qr })).statusCode).toBe(200)
  const transacao = ganhar.json().data.transacao.id as number
  const opiniao = await d.call('POST', `/opiniao/transacao/${transacao}`, {
    loja: 862,
    rating1: 5,
    rating2: 4,
    rating3: 3,
    comentario: 'O Zacarias Bettencourt (967418253) adorou o pastel de nata',
  })
  expect(opiniao.statusCode, opiniao.body).toBe(200)

  const encomenda = await cena.encomendar(d)
  expect(encomenda.res.statusCode, encomenda.res.body).toBe(201)
  await cena.aviar(encomenda.id as number)

  const push = await cena.subscrever(d)
  await t.app.notificacoes.enviar({
    utilizadorId: id,
    titulo: 'Feliz aniversário, Zacarias',
    texto: `<p>Parabéns, ${PESSOA.nome}! Oferta para o NIF ${PESSOA.nif1}.</p>`,
  })

  // A second device of the person's, and a wrong password typed on a third.
  const outro = device(t, '198.51.100.7')
  const login = await outro.call('POST', '/login', {
    telemovel: PESSOA.telemovel,
    pais: '351',
    password: PESSOA.password,
  })
  expect(login.statusCode, login.body).toBe(200)
  const errada = await device(t, '192.0.2.99').call('POST', '/login', {
    telemovel: PESSOA.telemovel,
    pais: '351',
    password: '999999',
  })
  expect(errada.statusCode).toBe(401)

  expect((await d.call('POST', '/rgpd/portabilidade', { email: PESSOA.email })).statusCode).toBe(200)
  expect((await d.call('POST', '/rgpd/esquecimento', { email: PESSOA.email })).statusCode).toBe(200)
  const codigo = chave.json().data.chave as string
  return { d, id, qr, codigo, outro, encomenda: encomenda.id as number, transacao, push }
}

/** The group's accounts: every ledger row as it is, the sums over it, and the orders' amounts. */
export async function contasDoGrupo(database: DatabaseHandle) {
  const { db } = database
  const somas = await db
    .selectFrom('transacoes')
    .select((eb) => [
      eb.fn.sum<number>('saldo_adicionado').as('saldo_adicionado'),
      eb.fn.sum<number>('saldo_removido').as('saldo_removido'),
      eb.fn.sum<number>('valor_pago').as('valor_pago'),
      eb.fn.sum<number>('subtotal').as('subtotal'),
      eb.fn.sum<number>('pontos_ganhos').as('pontos_ganhos'),
      eb.fn.count<number>('id').as('linhas'),
    ])
    .executeTakeFirstOrThrow()
  return {
    somas: Object.fromEntries(Object.entries(somas).map(([k, v]) => [k, Number(v)])),
    transacoes: await db.selectFrom('transacoes').selectAll().orderBy('id').execute(),
    encomendas: await db
      .selectFrom('encomendas')
      .select(['id', 'estado', 'linhas', 'total', 'desconto', 'valor_pago', 'pontos_ganhos', 'compra_id', 'paga_em'])
      .orderBy('id')
      .execute(),
  }
}
