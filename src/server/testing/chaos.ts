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
import { type DatabaseHandle, type Dialect, openDatabase } from '../platform/db.ts'
import { migrateToLatest } from '../platform/migrate.ts'
import { lojasChavesRepo } from '../platform/store-keys.ts'
import {
  pagosSemRegisto,
  type Verificacao,
  verificarCaixa,
  verificarEncomendas,
  verificarEsquecimentos,
  verificarLedger,
} from './chaos-invariantes.ts'
import { type Cliente, criarOperacoes, type Figuras, ID_LOJA, PASSWORD, type TitularCaos } from './chaos-operacoes.ts'
import { criarServidores, prepararProcesso, type Servidores } from './chaos-processos.ts'
import { operacoesDoCaos, pelaFracao, planoDoCaos } from './chaos-semente.ts'
import { ementaDeTeste } from './ementa.ts'
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
export type { Figuras } from './chaos-operacoes.ts'

export async function correrCaos({ dialect, mortes: alvo, semente }: OpcoesCaos): Promise<Figuras> {
  const plano = planoDoCaos(semente)
  const figuras: Figuras = {
    mortes: 0,
    mortesCancelOuArranque: 0,
    mortesCheckoutOuAprovacao: 0,
    sucessos: {
      compras: 0,
      devolucoes: 0,
      checkoutsPagos: 0,
      cancelamentosComReembolso: 0,
      esquecimentos: 0,
      candidatos: 0,
    },
    cortadosGravados: 0,
    cortadosReexecutados: 0,
    interrompidos: 0,
    paraOperador: 0,
    semRegisto: 0,
    operacoes: 0,
    repeticoes: 0,
    verificacoes: 0,
  }
  const violacoes: string[] = []
  let pasta: string | undefined
  let database: DatabaseHandle | undefined
  let processo: { args: string[]; limpar(): void } | undefined
  let servidores: Servidores | undefined

  try {
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
    processo = await prepararProcesso()
    const srv: Servidores = criarServidores(processo.args, env)
    servidores = srv
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
    const titulares: TitularCaos[] = []
    const ops = criarOperacoes({
      db,
      rng: operacoesDoCaos(semente),
      url: () => srv.url,
      chaveLoja,
      clientes,
      titulares,
      figuras,
      violacoes,
    })
    const { pedir, enviar, comparar, operacao, correr, telemovelPagaSemServidor, pedidos, chamados } = ops
    /** A cut request sent again: did the killed process commit its answer, or does it run now for the first time? */
    const reenviarCortado = async (p: (typeof pedidos)[number]) => {
      // The Store API records its answers in idempotencia; a checkout is its order, found by its key.
      const gravado =
        p.tipo === 'checkout'
          ? await db.selectFrom('encomendas').select('id').where('chave_idempotencia', '=', p.chave).executeTakeFirst()
          : await db.selectFrom('idempotencia').select('chave').where('chave', '=', p.chave).executeTakeFirst()
      if (gravado) figuras.cortadosGravados++
      else figuras.cortadosReexecutados++
      await enviar(p, true)
    }

    // Read in one snapshot: the server runs meanwhile (its reconciliation at start), and an order read before its
    // payment's commit with its purchase read after would look paid twice over.
    const verificar = async (final: boolean) => {
      const leitura = db.transaction()
      const resultados: Verificacao[] = await (dialect === 'postgres'
        ? leitura.setIsolationLevel('repeatable read')
        : leitura
      ).execute((trx) =>
        Promise.all([
          verificarLedger(trx),
          verificarCaixa(trx),
          verificarEncomendas(trx, final, chamados),
          verificarEsquecimentos(trx, titulares),
        ]),
      )
      for (const r of resultados) {
        figuras.verificacoes += r.verificados
        violacoes.push(...r.violacoes)
      }
    }

    await srv.arrancar()
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
      // The cycle's plan is drawn whole first: the same for this seed and cycle whatever the server answered.
      const c = plano.ciclo()
      for (let i = c.antes; i > 0; i--) await correr(operacao())
      fase('ops')
      if (c.arranque) {
        // Killed between requests, a payment made meanwhile, then killed again while starting (its reconciliation).
        if (await srv.matar()) figuras.mortes++
        await telemovelPagaSemServidor(c.escolhaPagamento)
        if (await srv.arrancarEMatar(c.atrasoArranque)) {
          figuras.mortes++
          figuras.mortesCancelOuArranque++
        }
      } else {
        const vitimas = Array.from({ length: c.vitimas }, () => correr(operacao()))
        await new Promise((resolve) => setTimeout(resolve, c.atraso))
        const cortados = ops.emCurso()
        if (await srv.matar()) {
          figuras.mortes++
          if (cortados.cancelar > 0) figuras.mortesCancelOuArranque++
          if (cortados.checkout > 0 || cortados.aprovar > 0) figuras.mortesCheckoutOuAprovacao++
        }
        await Promise.all(vitimas)
        if (c.pagaSemServidor) await telemovelPagaSemServidor(c.escolhaPagamento)
      }
      fase('kill')
      await srv.arrancar()
      fase('arrancar')
      for (const p of ops.emVoo()) await reenviarCortado(p)
      for (const x of c.repetir) {
        const p = pelaFracao(pedidos, x)
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
    await srv.parar()
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
      const contar = async (q: Promise<unknown[]>) => (await q).length
      figuras.sucessos.checkoutsPagos = await contar(
        db.selectFrom('encomendas').select('id').where('pagamento_estado', '=', 'pago').execute(),
      )
      figuras.sucessos.cancelamentosComReembolso = await contar(
        db.selectFrom('encomendas').select('id').where('reembolso_estado', '=', 'reembolsado').execute(),
      )
      figuras.sucessos.candidatos = await contar(
        db.selectFrom('encomendas').select('id').where('pagamento_candidato', 'is not', null).execute(),
      )
      // An operator's case only where a kill could have made one (decision 0012): a refund claimed and never
      // answered needs a cancel or a start-up reconciliation cut; a paid request no order records needs a checkout or
      // the phone's approval cut. Past that, they hide a real failure.
      if (figuras.paraOperador > figuras.mortesCancelOuArranque)
        violacoes.push(
          `${figuras.paraOperador} reembolsos para o operador, mas só ${figuras.mortesCancelOuArranque} mortes cortaram um cancelamento ou um arranque`,
        )
      if (figuras.semRegisto > figuras.mortesCheckoutOuAprovacao)
        violacoes.push(
          `${figuras.semRegisto} pagamentos sem registo, mas só ${figuras.mortesCheckoutOuAprovacao} mortes cortaram um checkout ou uma aprovação`,
        )
    }
    if (violacoes.length > 0) throw new Error(`CHAOS_SEED=${semente} (${dialect}):\n${violacoes.join('\n')}`)
    // A sanity check of the run itself: it did what it says.
    const [{ n } = { n: 0 }] = (await sql<{ n: number | string }>`select count(*) as n from transacoes`.execute(db))
      .rows
    if (Number(n) === 0)
      throw new Error(`CHAOS_SEED=${semente} (${dialect}): the run wrote no movement: nothing was tested`)
    return figuras
  } catch (error) {
    // Every failure names the seed that reproduces its plan (a hang's timeout, a refused start, a violation).
    const quem = `CHAOS_SEED=${semente} (${dialect})`
    if (error instanceof Error && !error.message.includes(quem)) error.message = `${quem}: ${error.message}`
    throw error
  } finally {
    await servidores?.fechar().catch(() => {})
    processo?.limpar()
    await database?.close().catch(() => {})
    if (pasta) rmSync(pasta, { recursive: true, force: true })
  }
}
