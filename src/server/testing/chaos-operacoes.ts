import { API_VERSION } from '../../shared/api.ts'
import type { Database } from '../platform/db.ts'
import type { Titular } from './chaos-invariantes.ts'
import { type Gerador, pelaFracao, SORTEIOS_POR_OPERACAO, sorteioFixo } from './chaos-semente.ts'
import { CARRINHO_DE_TESTE } from './ementa.ts'
import { insertContas } from './fixtures.ts'

/**
 * What the chaos suite sends (docs/decisions/0028): the requests of a restaurant's day, drawn from the seed, and the
 * record of every keyed one with its first answer, so that a replay can be compared with it.
 */

export interface Figuras {
  /** SIGKILLs that found a live process (a kill of one already gone is not counted). */
  mortes: number
  /** Kills that cut a store's cancel in flight or a process starting (its first reconciliation). */
  mortesCancelOuArranque: number
  /** Kills that cut a checkout or a phone's MB WAY answer in flight. */
  mortesCheckoutOuAprovacao: number
  /** Successes per kind, so that no invariant passes over nothing. */
  sucessos: {
    compras: number
    devolucoes: number
    checkoutsPagos: number
    cancelamentosComReembolso: number
    esquecimentos: number
    candidatos: number
  }
  /** Cut requests whose replay found their answer recorded, and those that ran again (the cut came before commit). */
  cortadosGravados: number
  cortadosReexecutados: number
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

export const PASSWORD = '135790'
export const ID_LOJA = 862
/** A cap on each request, so that a hang fails the run rather than stalling it; not a timing assertion. */
const CAP_MS = 30_000
export interface Resposta {
  status: number
  texto: string
  cookie?: string
}

/** A request that changes something under an Idempotency-Key, and the first answer it got. */
export interface Pedido {
  tipo: 'compra' | 'devolucao' | 'cancelar' | 'estado' | 'checkout'
  path: string
  body: unknown
  chave: string
  /** The customer's session (a checkout); the store key otherwise. */
  cookie?: string
  primeira?: Resposta
}

export interface Cliente {
  id: number
  telemovel: string
  cookie?: string
}

/** A customer the suite erases, and how far it got: signed in, bought at the till, erased. */
export interface TitularCaos extends Titular {
  cookie?: string
  comprou?: boolean
  feito?: boolean
}

export function criarOperacoes(o: {
  db: Database
  rng: Gerador
  /** The serving process's address now. */
  url: () => string
  chaveLoja: string
  clientes: Cliente[]
  titulares: TitularCaos[]
  figuras: Figuras
  violacoes: string[]
}) {
  const { db, rng, url, chaveLoja, clientes, titulares, figuras, violacoes } = o
  /** What is in flight now, by kind: a kill's snapshot of what it may have cut. */
  const emCurso = { cancelar: 0, checkout: 0, aprovar: 0 }
  const emCursoDe = async <T>(tipo: keyof typeof emCurso, f: () => Promise<T>): Promise<T> => {
    emCurso[tipo]++
    try {
      return await f()
    } finally {
      emCurso[tipo]--
    }
  }
  const pedir = async (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    a: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
  ): Promise<Resposta> => {
    const loja = path.startsWith('/api/loja/')
    const res = await fetch(`${url()}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(loja ? { authorization: `Bearer ${chaveLoja}` } : { 'x-api-version': API_VERSION }),
        ...(a.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(a.cookie ? { cookie: a.cookie } : {}),
        ...a.headers,
      },
      ...(a.body === undefined ? {} : { body: JSON.stringify(a.body) }),
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
      const enviarUmaVez = () =>
        pedir('POST', p.path, { body: p.body, cookie: p.cookie, headers: { 'idempotency-key': p.chave } })
      r = await (p.tipo === 'cancelar' || p.tipo === 'checkout' ? emCursoDe(p.tipo, enviarUmaVez) : enviarUmaVez())
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
        if (p.tipo === 'devolucao') figuras.sucessos.devolucoes++
        if (p.tipo === 'compra') {
          const t = dados(r).transacao as { id: number; valor_pago: number }
          comprasDaCaixa.push({ id: t.id, valorPago: t.valor_pago })
          figuras.sucessos.compras++
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

  const compra = async (cliente: { id: number; telemovel: string }, gastar: boolean, rng: Gerador) => {
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

  const operacoes: [number, (rng: Gerador) => Promise<void>][] = [
    [
      4,
      (rng) => {
        const cliente = rng.escolher(clientes) as Cliente
        return compra(cliente, rng.next() < 0.5, rng)
      },
    ],
    [
      2,
      async (rng) => {
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
      async (rng) => {
        const c = rng.escolher(clientes) as Cliente
        const premio = rng.next() < 0.4
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
          usar_premio: premio ? 1 : 0,
        }
        await enviar(
          { tipo: 'checkout', path: '/api/finaliza-encomenda', body, chave: `checkout-${++seq}`, cookie },
          false,
        )
      },
    ],
    [
      3,
      async (rng) => {
        const x = rng.next()
        const resposta = rng.next() < 0.8 ? 'aprovar' : 'recusar'
        const s = pelaFracao(
          await db
            .selectFrom('pagamentos_sandbox')
            .select('id')
            .where('estado', '=', 'pendente')
            .where('expira_em', '>', new Date().toISOString())
            .orderBy('criado_em')
            .execute(),
          x,
        )
        if (!s) return
        const r = await emCursoDe('aprovar', () => pedir('POST', `/api/dev/pagamentos/${s.id}/${resposta}`))
        if (r.status >= 500) violacoes.push(`telemóvel ${s.id}: ${r.status} ${r.texto}`)
        // Answered: the sandbox's callback ran to its end in a live process.
        if (r.status === 200 && resposta === 'aprovar') chamados.add(s.id)
      },
    ],
    [
      1,
      async (rng) => {
        const x = rng.next()
        const p = pelaFracao(
          await db.selectFrom('encomendas').select('id').where('estado', 'in', [-1, 1]).orderBy('id').execute(),
          x,
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
      async (rng) => {
        const x = rng.next()
        const p = pelaFracao(
          await db
            .selectFrom('encomendas')
            .select(['id', 'estado'])
            .where('estado', 'in', [-1, 1, 2])
            .orderBy('id')
            .execute(),
          x,
        )
        if (!p) return
        // One step forward: prepared, ready, collected.
        const body = { estado: p.estado === -1 ? 1 : p.estado === 1 ? 2 : 3 }
        await enviar(
          { tipo: 'estado', path: `/api/loja/v1/encomendas/${p.id}/estado`, body, chave: `estado-${++seq}` },
          false,
        )
      },
    ],
    [
      1,
      async (rng) => {
        // One customer at a time goes from sign-in, to a purchase at the till, to erasing the account; one step at a
        // time (two drawn at once would make the same customer twice).
        if (esquecendo) return
        esquecendo = true
        try {
          await passoDeEsquecimento(rng)
        } finally {
          esquecendo = false
        }
      },
    ],
  ]
  let esquecendo = false
  async function passoDeEsquecimento(rng: Gerador) {
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
      await compra(t, true, rng)
      t.comprou = true
      return
    }
    const r = await pedir('POST', '/api/conta/cancelar', { body: { confirmar: true }, cookie })
    if (r.status >= 500) violacoes.push(`esquecimento ${t.id}: ${r.status} ${r.texto}`)
    if (r.status === 200) {
      t.feito = true
      figuras.sucessos.esquecimentos++
    }
  }
  const pesoTotal = operacoes.reduce((s, [peso]) => s + peso, 0)
  /** The next operation, with every value it may need drawn now (SORTEIOS_POR_OPERACAO, whatever it is). */
  const operacao = (): (() => Promise<void>) => {
    const valores = Array.from({ length: SORTEIOS_POR_OPERACAO }, () => rng.next())
    const [escolha = 0, ...resto] = valores
    let x = escolha * pesoTotal
    let fazer = operacoes[0]?.[1] as (rng: Gerador) => Promise<void>
    for (const [peso, f] of operacoes) {
      x -= peso
      if (x < 0) {
        fazer = f
        break
      }
    }
    return () => fazer(sorteioFixo(resto))
  }
  /** One operation; one a kill interrupted is not an error (its keyed request is sent again after the restart). */
  const correr = async (op: () => Promise<void>) => {
    figuras.operacoes++
    await op().catch((error: unknown) => {
      // undici's words for a connection that failed (reset by the kill, or refused while no process listens:
      // 'fetch failed') or that the kill closed while its answer was being read ('terminated'); a request that hangs
      // past CAP_MS is a TimeoutError and fails the run.
      const interrompido =
        error instanceof TypeError && (error.message === 'fetch failed' || error.message === 'terminated')
      if (!interrompido) throw error
      figuras.interrompidos++
    })
  }

  /** The phone pays an MB WAY request while no server runs: only a reconciliation can learn of it. */
  const telemovelPagaSemServidor = async (fracao: number) => {
    const s = pelaFracao(
      await db
        .selectFrom('pagamentos_sandbox')
        .select('id')
        .where('estado', '=', 'pendente')
        .where('expira_em', '>', new Date().toISOString())
        .orderBy('criado_em')
        .execute(),
      fracao,
    )
    if (s) await db.updateTable('pagamentos_sandbox').set({ estado: 'pago' }).where('id', '=', s.id).execute()
  }

  return {
    pedir,
    enviar,
    comparar,
    operacao,
    correr,
    telemovelPagaSemServidor,
    /** Every keyed request answered, with its first answer. */
    pedidos,
    /** Those a kill cut, to send again. */
    emVoo: () => [...emVoo],
    chamados,
    /** What is in flight now, by kind. */
    emCurso: () => ({ ...emCurso }),
  }
}
