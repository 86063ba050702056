import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { API_VERSION } from '../../shared/api.ts'
import { buildApp } from '../app.ts'
import { configWith } from '../config.ts'
import { todosOsDias } from '../features/encomendas/horario.ts'
import { MINUTE, manualClock, systemClock } from '../platform/clock.ts'
import { HASH_COST_MIN } from '../platform/crypto.ts'
import { type DatabaseHandle, type Dialect, migrateToLatest, openDatabase } from '../platform/db.ts'
import { lojasChavesRepo } from '../platform/store-keys.ts'
import {
  pagosSemRegisto,
  type Titular,
  type Verificacao,
  verificarCaixa,
  verificarEncomendas,
  verificarEsquecimentos,
  verificarLedger,
} from './chaos-invariantes.ts'
import { criarServidores, prepararProcesso, type Servidores } from './chaos-processos.ts'
import { CARRINHO_DE_TESTE, ementaDeTeste } from './ementa.ts'
import { insertContas, insertLoja, insertRestaurante } from './fixtures.ts'
import { createTestDatabase, TEST_DATA_ENCRYPTION_KEY } from './harness.ts'

/**
 * The chaos suite's driver (docs/decisions/0028): a real server process on the test's database, a seeded random mix
 * of what a restaurant's day sends it (till purchases and refunds, checkouts, the phone's MB WAY answers, the store
 * cancelling or moving orders, erasures), and SIGKILLs at seeded points: while requests are in flight, or while a new
 * process starts (its first reconciliation), with MB WAY payments made on the phone while no server runs. After each
 * restart the interrupted requests are sent again with their Idempotency-Keys and the invariants are read from the
 * database (testing/chaos-invariantes.ts); at the end one last reconciliation settles everything and every recorded
 * answer is asked for again. Nothing here measures time: delays only place the kills.
 */

export interface OpcoesCaos {
  dialect: Dialect
  mortes: number
  semente: number
}

export interface Figuras {
  mortes: number
  /** Requests a kill cut before their answer came. */
  interrompidos: number
  /**
   * Orders whose MB WAY refund was claimed and then the process died before the provider's answer was written down:
   * never sent again by itself, an operator checks the provider (decision 0012).
   */
  paraOperador: number
  /**
   * MB WAY requests paid that no order records: made by a process that died before writing them down, and paid while
   * no callback could reach a live process. Nothing can find them but an operator reading the log (decision 0012);
   * their orders are given up, the balance back, nothing made.
   */
  semRegisto: number
  operacoes: number
  repeticoes: number
  verificacoes: number
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function gerador(semente: number) {
  let a = semente >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return { next, int, escolher: <T>(xs: T[]): T | undefined => xs[Math.floor(next() * xs.length)] }
}

const PASSWORD = '135790'
const ID_LOJA = 862
/** A cap on each request, so that a hang fails the run rather than stalling it; not a timing assertion. */
const CAP_MS = 30_000

interface Resposta {
  status: number
  texto: string
  cookie?: string
}

/** A request that changes something under an Idempotency-Key, and the first answer it got. */
interface Pedido {
  tipo: 'compra' | 'devolucao' | 'cancelar' | 'estado' | 'checkout'
  path: string
  body: unknown
  chave: string
  /** The customer's session (a checkout); the store key otherwise. */
  cookie?: string
  primeira?: Resposta
}

interface Cliente {
  id: number
  telemovel: string
  cookie?: string
}

export async function correrCaos({ dialect, mortes: alvo, semente }: OpcoesCaos): Promise<Figuras> {
  const rng = gerador(semente)
  let pasta: string | undefined
  let database: DatabaseHandle
  let env: { CHAOS_DATABASE_URL: string; CHAOS_SCHEMA?: string }
  if (dialect === 'postgres') {
    database = await createTestDatabase('postgres')
    env = { CHAOS_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '', CHAOS_SCHEMA: database.schema }
  } else {
    pasta = mkdtempSync(join(tmpdir(), 'balcao-caos-'))
    const url = `sqlite:${join(pasta, 'balcao.sqlite')}`
    database = openDatabase(url)
    await migrateToLatest(database.db)
    env = { CHAOS_DATABASE_URL: url }
  }
  const db = database.db
  const processo = await prepararProcesso()
  const servidores: Servidores = criarServidores(processo.args, env)
  const figuras: Figuras = {
    mortes: 0,
    interrompidos: 0,
    paraOperador: 0,
    semRegisto: 0,
    operacoes: 0,
    repeticoes: 0,
    verificacoes: 0,
  }
  const violacoes: string[] = []

  try {
    const { id: restauranteId } = await insertRestaurante(db, { tag: 'nata-e-grao', name: 'Nata & Grão' })
    await insertLoja(db, {
      tag: 'chiado',
      restaurante_id: restauranteId,
      id_loja: ID_LOJA,
      horario_encomendas: JSON.stringify(todosOsDias('00:00', '24:00')),
    })
    const { chave: chaveLoja } = await lojasChavesRepo(db, systemClock).create(ID_LOJA, 'pos-caos')
    const telemoveis = Array.from({ length: 16 }, (_, i) => `9100000${String(i).padStart(2, '0')}`)
    const clientes: Cliente[] = (await insertContas(db, telemoveis, PASSWORD)).map((id, i) => ({
      id,
      telemovel: telemoveis[i] ?? '',
    }))
    const titulares: (Titular & { cookie?: string; comprou?: boolean; feito?: boolean })[] = []

    const pedir = async (
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      o: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
    ): Promise<Resposta> => {
      const loja = path.startsWith('/api/loja/')
      const res = await fetch(`${servidores.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(loja ? { authorization: `Bearer ${chaveLoja}` } : { 'x-api-version': API_VERSION }),
          ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.cookie ? { cookie: o.cookie } : {}),
          ...o.headers,
        },
        ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
        signal: AbortSignal.timeout(CAP_MS),
      })
      const set = res.headers.getSetCookie().find((c) => c.startsWith('balcao_sessao='))
      return { status: res.status, texto: await res.text(), ...(set ? { cookie: set.split(';')[0] } : {}) }
    }
    const dados = (r: Resposta) => (JSON.parse(r.texto) as { data: Record<string, unknown> }).data

    // Every keyed request sent, and those a kill interrupted (sent again after the restart).
    const pedidos: Pedido[] = []
    let emVoo: Pedido[] = []
    const comprasDaCaixa: { id: number; valorPago: number }[] = []
    /** MB WAY requests paid whose callback a live process handled to the end (the phone's approval answered). */
    const chamados = new Set<string>()
    let seq = 0

    /** Sends a keyed request; a first answer is kept (2xx: recorded; a refusal wrote nothing and is not replayed). */
    const enviar = async (p: Pedido, repeticao: boolean): Promise<void> => {
      let r: Resposta
      try {
        r = await pedir('POST', p.path, { body: p.body, cookie: p.cookie, headers: { 'idempotency-key': p.chave } })
      } catch (error) {
        if (!emVoo.includes(p)) emVoo.push(p)
        throw error
      }
      if (repeticao) figuras.repeticoes++
      emVoo = emVoo.filter((x) => x !== p)
      if (r.status >= 500) violacoes.push(`${p.tipo} ${p.chave}: ${r.status} ${r.texto}`)
      if (!p.primeira) {
        if (r.status < 300) {
          p.primeira = r
          pedidos.push(p)
          if (p.tipo === 'compra') {
            const t = dados(r).transacao as { id: number; valor_pago: number }
            comprasDaCaixa.push({ id: t.id, valorPago: t.valor_pago })
          }
        }
        return
      }
      comparar(p, r)
    }

    const orderIdDe = (r: Resposta) => (dados(r).orderData as { orderId: number }).orderId
    /** A replay answers as the first time: the same bytes (the Store API), the same order (a checkout). */
    const comparar = (p: Pedido, r: Resposta) => {
      const primeira = p.primeira
      if (!primeira) return
      if (p.tipo === 'checkout') {
        if (r.status !== 201 || orderIdDe(r) !== orderIdDe(primeira))
          violacoes.push(`checkout ${p.chave}: repetido deu ${r.status} ${r.texto.slice(0, 200)}`)
      } else if (r.status !== primeira.status || r.texto !== primeira.texto) {
        violacoes.push(`${p.tipo} ${p.chave}: repetido deu ${r.status} ${r.texto.slice(0, 200)} ≠ ${primeira.texto}`)
      }
    }

    const entrar = async (c: { telemovel: string; cookie?: string }) => {
      if (c.cookie) return c.cookie
      const r = await pedir('POST', '/login', { body: { telemovel: c.telemovel, pais: '351', password: PASSWORD } })
      if (r.status === 200 && r.cookie) c.cookie = r.cookie
      return c.cookie
    }

    const compra = async (cliente: { id: number; telemovel: string }, gastar: boolean) => {
      let identificacao: string | undefined
      let saldo = 0
      if (gastar) {
        const r = await pedir('POST', '/api/loja/v1/clientes/identificar', {
          body: { telemovel: cliente.telemovel, pais: '351' },
        })
        if (r.status === 200) {
          const d = dados(r) as unknown as { identificacao: string; cliente: { saldo: number } }
          identificacao = d.identificacao
          saldo = d.cliente.saldo
        }
      }
      const total = rng.int(50, 4000)
      const saldoAUsar = identificacao ? rng.int(0, Math.min(saldo, total)) : 0
      await enviar(
        {
          tipo: 'compra',
          path: '/api/loja/v1/compras',
          body: { cliente_id: cliente.id, identificacao, total, saldo_a_usar: saldoAUsar, referencia: `FT ${++seq}` },
          chave: `compra-${seq}`,
        },
        false,
      )
    }

    const aleatorio = async <T>(query: Promise<T[]>) => rng.escolher(await query)

    const operacoes: [number, () => Promise<void>][] = [
      [4, () => compra(rng.escolher(clientes) as Cliente, rng.next() < 0.5)],
      [
        2,
        async () => {
          const c = rng.escolher(comprasDaCaixa)
          if (!c) return
          await enviar(
            {
              tipo: 'devolucao',
              path: `/api/loja/v1/compras/${c.id}/devolucoes`,
              body: { valor: c.valorPago === 0 ? 0 : rng.int(1, c.valorPago) },
              chave: `devolucao-${++seq}`,
            },
            false,
          )
        },
      ],
      [
        3,
        async () => {
          const c = rng.escolher(clientes) as Cliente
          const cookie = await entrar(c)
          if (!cookie) return
          const body = {
            id_tipo_entrega: 0,
            telemovel: c.telemovel,
            pais: '351',
            aceitou: true,
            nome: 'Cliente do Caos',
            email: `caos${c.id}@example.pt`,
            nif: '',
            cart: CARRINHO_DE_TESTE,
            id_loja: ID_LOJA,
            usar_premio: rng.next() < 0.4 ? 1 : 0,
          }
          await enviar(
            { tipo: 'checkout', path: '/api/finaliza-encomenda', body, chave: `checkout-${++seq}`, cookie },
            false,
          )
        },
      ],
      [
        3,
        async () => {
          const s = await aleatorio(
            db
              .selectFrom('pagamentos_sandbox')
              .select('id')
              .where('estado', '=', 'pendente')
              .where('expira_em', '>', new Date().toISOString())
              .orderBy('criado_em')
              .execute(),
          )
          if (!s) return
          const resposta = rng.next() < 0.8 ? 'aprovar' : 'recusar'
          const r = await pedir('POST', `/api/dev/pagamentos/${s.id}/${resposta}`)
          if (r.status >= 500) violacoes.push(`telemóvel ${s.id}: ${r.status} ${r.texto}`)
          // Answered: the sandbox's callback ran to its end in a live process.
          if (r.status === 200 && resposta === 'aprovar') chamados.add(s.id)
        },
      ],
      [
        1,
        async () => {
          const p = await aleatorio(
            db.selectFrom('encomendas').select('id').where('estado', 'in', [-1, 1]).orderBy('id').execute(),
          )
          if (!p) return
          const body = { motivo: 'Sem pastéis de nata' }
          await enviar(
            { tipo: 'cancelar', path: `/api/loja/v1/encomendas/${p.id}/cancelar`, body, chave: `cancelar-${++seq}` },
            false,
          )
        },
      ],
      [
        1,
        async () => {
          const p = await aleatorio(
            db.selectFrom('encomendas').select(['id', 'estado']).where('estado', 'in', [-1, 1]).orderBy('id').execute(),
          )
          if (!p) return
          const body = { estado: p.estado === -1 ? 1 : 2 }
          await enviar(
            { tipo: 'estado', path: `/api/loja/v1/encomendas/${p.id}/estado`, body, chave: `estado-${++seq}` },
            false,
          )
        },
      ],
      [
        1,
        async () => {
          // One customer at a time goes from sign-in, to a purchase at the till, to erasing the account.
          let t = titulares.find((x) => !x.feito)
          if (!t) {
            const telemovel = `9200000${String(titulares.length).padStart(2, '0')}`
            const [id = 0] = await insertContas(db, [telemovel], PASSWORD)
            const email = `titular${id}@example.pt`
            await db.updateTable('utilizadores').set({ email, nome: 'Titular' }).where('id', '=', id).execute()
            t = { id, telemovel, email }
            titulares.push(t)
          }
          const anonimizado = await db
            .selectFrom('utilizadores')
            .select('anonimizado_em')
            .where('id', '=', t.id)
            .executeTakeFirst()
          if (anonimizado?.anonimizado_em) {
            t.feito = true
            return
          }
          const cookie = await entrar(t)
          if (!cookie) return
          if (!t.comprou) {
            await compra(t, true)
            t.comprou = true
            return
          }
          const r = await pedir('POST', '/api/conta/cancelar', { body: { confirmar: true }, cookie })
          if (r.status >= 500) violacoes.push(`esquecimento ${t.id}: ${r.status} ${r.texto}`)
          if (r.status === 200) t.feito = true
        },
      ],
    ]
    const pesoTotal = operacoes.reduce((s, [peso]) => s + peso, 0)
    const operacao = () => {
      let x = rng.next() * pesoTotal
      for (const [peso, correr] of operacoes) {
        x -= peso
        if (x < 0) return correr
      }
      return operacoes[0]?.[1] as () => Promise<void>
    }
    /** One operation; one a kill interrupted is not an error (its keyed request is sent again after the restart). */
    const correr = async (op: () => Promise<void>) => {
      figuras.operacoes++
      await op().catch((error: unknown) => {
        // undici's word for a connection that failed (reset by the kill, or refused while no process listens); a
        // request that hangs past CAP_MS is a TimeoutError and fails the run.
        if (!(error instanceof TypeError && error.message === 'fetch failed')) throw error
        figuras.interrompidos++
      })
    }

    const verificar = async (final: boolean) => {
      const resultados: Verificacao[] = await Promise.all([
        verificarLedger(db),
        verificarCaixa(db),
        verificarEncomendas(db, final, chamados),
        verificarEsquecimentos(db, titulares),
      ])
      for (const r of resultados) {
        figuras.verificacoes += r.verificados
        violacoes.push(...r.violacoes)
      }
    }

    /** The phone pays an MB WAY request while no server runs: only a reconciliation can learn of it. */
    const telemovelPagaSemServidor = async () => {
      const s = await aleatorio(
        db
          .selectFrom('pagamentos_sandbox')
          .select('id')
          .where('estado', '=', 'pendente')
          .where('expira_em', '>', new Date().toISOString())
          .orderBy('criado_em')
          .execute(),
      )
      if (s) await db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).where('id', '=', s.id).execute()
    }

    await servidores.arrancar()
    const ementa = await pedir('PUT', '/api/loja/v1/ementa', { body: ementaDeTeste() })
    if (ementa.status !== 200) throw new Error(`menu refused: ${ementa.status} ${ementa.texto}`)

    const tempos: Record<string, number> = {}
    let marca = Date.now()
    const fase = (nome: string) => {
      const agora = Date.now()
      tempos[nome] = (tempos[nome] ?? 0) + agora - marca
      marca = agora
    }
    let ciclo = 0
    while (figuras.mortes < alvo && violacoes.length === 0) {
      ciclo++
      for (let i = rng.int(0, 3); i > 0; i--) await correr(operacao())
      fase('ops')
      if (rng.next() < 0.15) {
        // Killed between requests, a payment made meanwhile, then killed again while starting (its reconciliation).
        await servidores.matar()
        await telemovelPagaSemServidor()
        await servidores.arrancarEMatar(rng.int(0, 400))
        figuras.mortes += 2
      } else {
        const vitimas = Array.from({ length: rng.int(1, 3) }, () => correr(operacao()))
        await new Promise((resolve) => setTimeout(resolve, rng.int(0, 25)))
        await servidores.matar()
        figuras.mortes++
        await Promise.all(vitimas)
        if (rng.next() < 0.3) await telemovelPagaSemServidor()
      }
      fase('kill')
      await servidores.arrancar()
      fase('arrancar')
      for (const p of [...emVoo]) await enviar(p, true)
      for (let i = 0; i < 2; i++) {
        const p = rng.escolher(pedidos)
        if (p) await enviar(p, true)
      }
      fase('replay')
      await verificar(false)
      fase('verificar')
      if (violacoes.length > 0) violacoes.unshift(`ciclo ${ciclo}, ${figuras.mortes} mortes:`)
    }

    if (process.env.CHAOS_DEBUG) console.log(tempos)
    // The end: a clean stop, then one process whose clock is past every MB WAY request's expiry reconciles everything
    // there is to settle, and answers every keyed request again.
    await servidores.parar()
    if (violacoes.length === 0) {
      const fim = manualClock(new Date(Date.now() + 10 * MINUTE))
      const config = configWith({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST: 'dist/none',
        HASH_COST: HASH_COST_MIN,
        DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      })
      const app = await buildApp(config, database, { clock: fim })
      await app.ready()
      try {
        await app.reconciliarPagamentos()
        await app.reconciliarPagamentos()
        for (const p of pedidos) {
          const res = await app.inject({
            method: 'POST',
            url: p.path,
            headers: {
              accept: 'application/json',
              'idempotency-key': p.chave,
              ...(p.cookie
                ? { cookie: p.cookie, 'x-api-version': API_VERSION }
                : { authorization: `Bearer ${chaveLoja}` }),
            },
            payload: p.body as Record<string, unknown>,
          })
          figuras.repeticoes++
          comparar(p, { status: res.statusCode, texto: res.body })
        }
      } finally {
        await app.close()
      }
      await verificar(true)
      if (violacoes.length > 0) violacoes.unshift('no fim:')
      figuras.paraOperador = (
        await db.selectFrom('encomendas').select('id').where('reembolso_estado', '=', 'reembolsando').execute()
      ).length
      figuras.semRegisto = (await pagosSemRegisto(db)).length
    }
    if (violacoes.length > 0) throw new Error(`CHAOS_SEED=${semente} (${dialect}):\n${violacoes.join('\n')}`)
    // A sanity check of the run itself: it did what it says.
    const [{ n } = { n: 0 }] = (await sql<{ n: number | string }>`select count(*) as n from transacoes`.execute(db))
      .rows
    if (Number(n) === 0) throw new Error('the run wrote no movement: nothing was tested')
    return figuras
  } finally {
    await servidores.fechar()
    processo.limpar()
    await database.close()
    if (pasta) rmSync(pasta, { recursive: true, force: true })
  }
}
