import { ESTADO } from '../../shared/estado-pedido.ts'
import type { Database } from '../platform/db.ts'

/**
 * What must hold of the database whatever moment the server was killed at (docs/decisions/0028), read with SQL from the
 * database itself. Each function answers the violations it found (empty: none) and how many things it checked.
 */
export interface Verificacao {
  violacoes: string[]
  verificados: number
}

/**
 * The ledger (features/fidelizacao/ledger.ts): per customer, movements numbered 1, 2, 3… with no gap; each one's
 * balances before are the previous one's after (0 for the first: the chain); each one's after is its before plus its
 * effect; nothing negative; and the balance is the sum of the movements.
 */
export async function verificarLedger(db: Database): Promise<Verificacao> {
  const rows = await db.selectFrom('transacoes').selectAll().orderBy('utilizador_id').orderBy('sequencia').execute()
  const violacoes: string[] = []
  let verificados = 0
  let anterior: (typeof rows)[number] | undefined
  let soma = 0
  const fechar = (ultimo: (typeof rows)[number] | undefined) => {
    if (!ultimo) return
    verificados++
    if (soma !== ultimo.saldo_actual) {
      violacoes.push(`cliente ${ultimo.utilizador_id}: saldo ${ultimo.saldo_actual} ≠ soma dos movimentos ${soma}`)
    }
  }
  for (const m of rows) {
    const mesmo = anterior?.utilizador_id === m.utilizador_id
    if (!mesmo) {
      fechar(anterior)
      soma = 0
    }
    verificados++
    const onde = `cliente ${m.utilizador_id} movimento ${m.sequencia} (${m.tipo}, ${m.referencia})`
    const esperada = mesmo ? (anterior?.sequencia ?? 0) + 1 : 1
    if (m.sequencia !== esperada) violacoes.push(`${onde}: sequência esperada ${esperada}`)
    const antes = mesmo && anterior ? anterior : { saldo_actual: 0, pontos_actual: 0, itens_actual: 0 }
    if (m.saldo_anterior !== antes.saldo_actual) violacoes.push(`${onde}: saldo_anterior quebra a cadeia`)
    if (m.pontos_anterior !== antes.pontos_actual) violacoes.push(`${onde}: pontos_anterior quebra a cadeia`)
    if (m.itens_anterior !== antes.itens_actual) violacoes.push(`${onde}: itens_anterior quebra a cadeia`)
    if (m.saldo_actual !== m.saldo_anterior + m.saldo_adicionado - m.saldo_removido)
      violacoes.push(`${onde}: saldo_actual não é anterior + adicionado − removido`)
    if (m.pontos_actual !== m.pontos_anterior + m.pontos_ganhos - m.pontos_convertidos)
      violacoes.push(`${onde}: pontos_actual não é anterior + ganhos − convertidos`)
    if (m.itens_actual !== m.itens_anterior + m.itens_adicionados - m.itens_redimidos)
      violacoes.push(`${onde}: itens_actual não é anterior + adicionados − redimidos`)
    if (m.saldo_actual < 0 || m.pontos_actual < 0 || m.itens_actual < 0) violacoes.push(`${onde}: saldo negativo`)
    soma += m.saldo_adicionado - m.saldo_removido
    anterior = m
  }
  fechar(anterior)
  return { violacoes, verificados }
}

/**
 * The till's purchases and refunds: one purchase per POS document (the driver never reuses one, so two would be one
 * purchase written twice), and never more refunded than was paid.
 */
export async function verificarCaixa(db: Database): Promise<Verificacao> {
  const violacoes: string[] = []
  const compras = await db
    .selectFrom('transacoes')
    .select(['id', 'referencia', 'valor_pago'])
    .where('tipo', '=', 'compra')
    .where('chave_id', 'is not', null)
    .execute()
  const porReferencia = new Map<string, number>()
  for (const c of compras) porReferencia.set(c.referencia ?? '', (porReferencia.get(c.referencia ?? '') ?? 0) + 1)
  for (const [referencia, n] of porReferencia) if (n > 1) violacoes.push(`compra ${referencia} registada ${n} vezes`)
  const devolvido = await db
    .selectFrom('transacoes')
    .select(['compra_id', (eb) => eb.fn.sum<number | string>('valor_devolvido').as('total')])
    .where('tipo', '=', 'devolucao')
    .groupBy('compra_id')
    .execute()
  const pagos = new Map(compras.map((c) => [c.id, c.valor_pago]))
  for (const d of devolvido) {
    const pago = pagos.get(d.compra_id ?? 0)
    if (pago !== undefined && Number(d.total) > pago) {
      violacoes.push(`compra ${d.compra_id}: devolvido ${d.total} > pago ${pago}`)
    }
  }
  return { violacoes, verificados: compras.length + devolvido.length }
}

/**
 * App orders: paid once, never lost, never paid without the ledger's purchase. `final`: after the last reconciliation
 * (every answer the provider gave is acted on), when a paid MB WAY request must be recorded on an order that is paid
 * or being refunded, and no order may still wait for its payment.
 */
export async function verificarEncomendas(
  db: Database,
  final: boolean,
  /** Paid requests whose callback a live process handled to its end. */
  chamados: ReadonlySet<string>,
): Promise<Verificacao> {
  const violacoes: string[] = []
  const [encomendas, movimentos, sandbox] = await Promise.all([
    db.selectFrom('encomendas').selectAll().execute(),
    db
      .selectFrom('transacoes')
      .select(['id', 'tipo', 'referencia', 'compra_id', 'valor_devolvido'])
      .where('chave_id', 'is', null)
      .where('referencia', 'like', 'E%')
      .execute(),
    db.selectFrom('pagamentos_sandbox').selectAll().execute(),
  ])
  const doTipo = (referencia: string, tipo: string) =>
    movimentos.filter((m) => m.referencia === referencia && m.tipo === tipo)
  for (const p of encomendas) {
    const ref = `E${p.id}`
    const onde = `encomenda ${p.id} (estado ${p.estado}, pagamento ${p.pagamento_estado}, reembolso ${p.reembolso_estado})`
    const compras = doTipo(ref, 'compra')
    if (compras.length > 1) violacoes.push(`${onde}: ${compras.length} compras no ledger (paga duas vezes)`)
    const paga = p.pagamento_estado === 'pago' || p.pagamento_estado === 'sem-pagamento'
    const feita = (
      [ESTADO.recebido, ESTADO.emPreparacao, ESTADO.pronto, ESTADO.entregue] as readonly number[]
    ).includes(p.estado)
    if (paga && feita && (p.compra_id === null || compras.length !== 1)) {
      violacoes.push(`${onde}: paga sem o seu movimento de compra`)
    }
    if (p.compra_id !== null && compras[0]?.id !== p.compra_id) violacoes.push(`${onde}: compra_id sem o movimento`)
    if (compras.length === 1 && !paga) violacoes.push(`${onde}: compra no ledger sem pagamento`)
    // Cancelled by the store after it was paid: its purchase is refunded whole, in the cancel's transaction.
    if (p.estado === ESTADO.cancelado && p.compra_id !== null) {
      const devolucoes = movimentos.filter((m) => m.tipo === 'devolucao' && m.compra_id === p.compra_id)
      if (devolucoes.length !== 1) violacoes.push(`${onde}: cancelada com ${devolucoes.length} devoluções`)
    }
    if (p.estado === ESTADO.cancelado && p.pagamento_estado === 'pago' && p.valor_pago > 0 && !p.reembolso_estado) {
      violacoes.push(`${onde}: cancelada e paga sem reembolso`)
    }
    // The balance held at checkout: given back exactly once when the order is settled, either way.
    if (p.reserva_id !== null) {
      const reservas = doTipo(ref, 'reserva').length
      const libertacoes = doTipo(ref, 'libertacao').length
      const esperadas = p.estado === ESTADO.pagamento ? 0 : 1
      if (reservas !== 1 || libertacoes !== esperadas) {
        violacoes.push(`${onde}: ${reservas} reservas e ${libertacoes} libertações (esperada ${esperadas})`)
      }
    }
    if (final && p.estado === ESTADO.pagamento) violacoes.push(`${onde}: ainda à espera do pagamento no fim`)
    if (final && p.reembolso_estado === 'a-reembolsar') violacoes.push(`${onde}: reembolso por enviar no fim`)
  }
  const porPagamento = new Map(encomendas.filter((p) => p.pagamento_id).map((p) => [p.pagamento_id, p]))
  for (const s of sandbox) {
    const onde = `pedido MB WAY ${s.referencia} (${s.estado}, reembolsado ${s.reembolsado} de ${s.valor})`
    if (s.reembolsado < 0 || s.reembolsado > s.valor) violacoes.push(`${onde}: reembolso fora do pago`)
    const p = porPagamento.get(s.id)
    if (s.reembolsado > 0 && p?.reembolso_estado !== 'reembolsado' && p?.reembolso_estado !== 'reembolsando') {
      violacoes.push(`${onde}: reembolsado sem a encomenda o dizer`)
    }
    if (p?.reembolso_estado === 'reembolsado' && s.reembolsado !== p.valor_pago) {
      violacoes.push(`${onde}: encomenda ${p.id} diz reembolsado`)
    }
    if (!final || s.estado !== 'pago') continue
    if (!p) {
      const e = encomendas.find((x) => `E${x.id}` === s.referencia)
      const estado = e
        ? `encomenda ${e.id}: estado ${e.estado}, ${e.pagamento_estado}, candidato ${e.pagamento_candidato}`
        : 'sem encomenda'
      // Its callback reached a live process: that process had to record it (now or, for a young order, a minute on).
      if (chamados.has(s.id)) violacoes.push(`${onde}: pago, chamado, e nenhuma encomenda o regista (${estado})`)
      // No callback ever reached a live process: nothing can know of it but an operator (decision 0012). Its order
      // must be given up, its balance back and nothing made.
      else if (!e || e.estado !== ESTADO.cancelado || e.compra_id !== null)
        violacoes.push(`${onde}: pago sem registo, e a encomenda não foi dada por perdida (${estado})`)
    } else if (p.pagamento_estado !== 'pago')
      violacoes.push(`${onde}: encomenda ${p.id} por pagar (${p.pagamento_estado})`)
  }
  return { violacoes, verificados: encomendas.length + sandbox.length }
}

/** A customer the suite asked to erase: what identifies them, as it was. */
export interface Titular {
  id: number
  telemovel: string
  email: string
}

/**
 * Erasure is all or nothing: an account marked erased holds nothing that names the person (its phone, e-mail and
 * name, sessions, the till's identifications); one not marked still has all of it.
 */
export async function verificarEsquecimentos(db: Database, titulares: Titular[]): Promise<Verificacao> {
  const violacoes: string[] = []
  for (const t of titulares) {
    const u = await db
      .selectFrom('utilizadores')
      .select(['telemovel', 'telemovel_e164', 'email', 'nome', 'anonimizado_em'])
      .where('id', '=', t.id)
      .executeTakeFirst()
    const [sessoes, identificacoes] = await Promise.all([
      db.selectFrom('sessoes').select('id').where('utilizador_id', '=', t.id).execute(),
      db.selectFrom('identificacoes').select('id').where('utilizador_id', '=', t.id).execute(),
    ])
    const onde = `titular ${t.id}`
    if (!u) {
      violacoes.push(`${onde}: conta desaparecida`)
    } else if (u.anonimizado_em !== null) {
      if (u.telemovel !== '' || u.telemovel_e164 !== null || u.email !== null || u.nome !== null)
        violacoes.push(`${onde}: esquecida mas ainda com dados pessoais`)
      if (sessoes.length > 0 || identificacoes.length > 0)
        violacoes.push(`${onde}: esquecida com ${sessoes.length} sessões e ${identificacoes.length} identificações`)
    } else if (u.telemovel !== t.telemovel || u.email !== t.email || u.telemovel_e164 === null) {
      violacoes.push(`${onde}: não esquecida mas com dados apagados (esquecimento a meio)`)
    }
  }
  return { violacoes, verificados: titulares.length }
}

/** Paid MB WAY requests no order records (see Figuras.semRegisto). */
export async function pagosSemRegisto(db: Database) {
  return db
    .selectFrom('pagamentos_sandbox')
    .select('id')
    .where('estado', '=', 'pago')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('encomendas')
            .select('encomendas.id')
            .whereRef('encomendas.pagamento_id', '=', 'pagamentos_sandbox.id'),
        ),
      ),
    )
    .execute()
}
