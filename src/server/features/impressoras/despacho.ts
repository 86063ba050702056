import type { Updateable } from 'kysely'
import type { ImpressoesTable } from '../../db/schema.ts'
import { isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import { createOutboxLease } from '../../platform/outbox-lease.ts'
import type { ImpressoraLoja } from '../restaurantes/service.ts'
import { enviarPorTcp, type LimitesEnvio } from './envio-tcp.ts'
import { impressoesRepo, NUNCA } from './repository.ts'
import type { ImpressorasDeps } from './service.ts'
import { type MotivoTalao, talaoEscPos } from './talao.ts'

/** The first wait after a printer did not answer; each next one doubles, up to IMPRESSAO_ESPERA_MAX_MS. */
export const IMPRESSAO_ESPERA_MS = 15_000
export const IMPRESSAO_ESPERA_MAX_MS = 5 * MINUTE
/** A ticket not printed this long after it was queued is given up: the kitchen has the order on its board. */
export const IMPRESSAO_DESISTIR_MS = 30 * MINUTE
/** A printer that does not take the connection in this long is off; the bytes and its close get as long again. */
export const LIMITES_ENVIO: LimitesEnvio = { ligarMs: 5_000, escreverMs: 10_000 }
/**
 * A process sending a ticket holds it this long: far longer than a send may take (LIMITES_ENVIO), so a live sender
 * is never overtaken. A ticket whose bytes began to go and that is still unsettled after it was held by a process
 * that died: in doubt, never sent again by itself.
 */
export const IMPRESSAO_RECLAMACAO_MS = 2 * MINUTE
/** Claimed at a time. */
const LOTE = 50
/** One pass stops claiming after this long; the next round goes on. */
const DURACAO_MS = 20_000

/** 15 s, 30 s, 1, 2, 4 minutes, then every 5: after the `falhas`-th failure in a row. */
export const esperaApos = (falhas: number) =>
  Math.min(IMPRESSAO_ESPERA_MS * 2 ** Math.max(0, falhas - 1), IMPRESSAO_ESPERA_MAX_MS)

type Devida = Awaited<ReturnType<ReturnType<typeof impressoesRepo>['devidas']>>[number]

/**
 * How one send ended, for its store's other tickets: printed; settled otherwise (given up, in doubt, another's); or
 * the printer did not take the connection.
 */
type Desfecho = 'impresso' | 'outro' | { semLigacao: string }

/**
 * The kitchen printers' sender (decision 0043): due tickets claimed under a lease as the e-mail and push outboxes'
 * are (platform/outbox-lease.ts), each store's printed in order, the stores at once. At most once: before its first
 * byte goes, a ticket is marked 'a-enviar' under its lease (and made never due again); after that, only its own sender
 * settles it (printed, or in doubt), and one whose sender died is found in doubt and left for staff to reprint.
 * A printer that refuses or does not answer: tried again after 15 s, 30 s, 1 minute… up to 5, given up 30 minutes
 * after the ticket was queued.
 */
export function createDespachoImpressoes({ db, clock, log, lojas, encomendas }: ImpressorasDeps) {
  const arrendamento = createOutboxLease(db, clock, 'impressoes', IMPRESSAO_RECLAMACAO_MS)
  const repo = impressoesRepo(db)

  /** Writes what an attempt that sent no byte ended in, only while the claim is this process's. */
  const liquidar = (t: Devida, ate: string, valores: Updateable<ImpressoesTable>) =>
    arrendamento.liquidar({ id: t.id, ate }, (trx) => impressoesRepo(trx).atualizar(t.id, valores))

  /** What a failed attempt leaves: the next try after the backoff, or given up once the ticket is too old. */
  function depoisDeFalhar(t: Devida, erro: string): Updateable<ImpressoesTable> {
    const agora = isoNow(clock)
    const tentativas = t.tentativas + 1
    const base = { tentativas, erro, falhou_em: t.falhou_em ?? agora }
    if (clock.now().getTime() - Date.parse(t.criado_em) >= IMPRESSAO_DESISTIR_MS) {
      return { ...base, estado: 'desistido', concluido_em: agora, proxima_em: NUNCA }
    }
    return { ...base, estado: 'pendente', enviado_em: null, proxima_em: isoIn(clock, esperaApos(tentativas)) }
  }

  async function falhou(t: Devida, ate: string, erro: string, marcado: string | null): Promise<void> {
    const valores = depoisDeFalhar(t, erro)
    // Marked as going out, it is no longer under the lease but under its mark.
    const escrito =
      marcado === null ? await liquidar(t, ate, valores) : await repo.concluirEnvio(t.id, marcado, valores)
    if (!escrito) return
    const nivel = valores.estado === 'desistido' ? 'error' : 'warn'
    log[nivel](
      { impressao: t.id, idLoja: t.id_loja, tentativas: valores.tentativas, erro, estado: valores.estado },
      valores.estado === 'desistido' ? 'kitchen ticket given up' : 'kitchen ticket not printed: retried later',
    )
  }

  /** Sends one claimed ticket: printed, otherwise settled, or the printer's failure to take the connection. */
  async function enviarUm(t: Devida, ate: string, impressora: ImpressoraLoja | undefined): Promise<Desfecho> {
    const desistir = async (erro: string) => {
      const agora = isoNow(clock)
      await liquidar(t, ate, { estado: 'desistido', erro, concluido_em: agora, proxima_em: NUNCA })
      log.warn({ impressao: t.id, idLoja: t.id_loja, erro }, 'kitchen ticket given up')
      return 'outro' as const
    }
    if (!impressora) return desistir('a loja deixou de ter impressora')
    const talao = await encomendas.talao(t.encomenda_id)
    if (!talao) return desistir('encomenda não encontrada')
    const bytes = talaoEscPos(talao, impressora.fuso, t.motivo as MotivoTalao)
    let marcado: string | null = null
    const resultado = await enviarPorTcp(impressora, bytes, LIMITES_ENVIO, async () => {
      const agora = isoNow(clock)
      const nosso = await arrendamento.liquidar({ id: t.id, ate }, (trx) =>
        impressoesRepo(trx).atualizar(t.id, { estado: 'a-enviar', enviado_em: agora, proxima_em: NUNCA }),
      )
      if (nosso) marcado = agora
      return nosso
    })
    const enviadoEm = marcado as string | null
    switch (resultado.tipo) {
      case 'impresso': {
        if (enviadoEm === null) return 'outro'
        await repo.concluirEnvio(t.id, enviadoEm, {
          estado: 'impresso',
          tentativas: t.tentativas + 1,
          concluido_em: isoNow(clock),
          erro: null,
        })
        log.info({ impressao: t.id, idLoja: t.id_loja, motivo: t.motivo }, 'kitchen ticket printed')
        return 'impresso'
      }
      case 'sem-ligacao':
        await falhou(t, ate, resultado.erro, enviadoEm)
        return { semLigacao: resultado.erro }
      case 'incerto': {
        if (enviadoEm === null) return 'outro'
        const erro = `impressão por confirmar: ${resultado.erro}`
        await repo.concluirEnvio(t.id, enviadoEm, {
          estado: 'incerto',
          tentativas: t.tentativas + 1,
          concluido_em: isoNow(clock),
          erro,
        })
        log.error({ impressao: t.id, idLoja: t.id_loja, erro }, 'kitchen ticket in doubt: not sent again')
        return 'outro'
      }
      case 'largado':
        log.warn({ impressao: t.id, idLoja: t.id_loja }, 'kitchen ticket claim lost before sending: left to the other')
        return 'outro'
    }
  }

  /** A store's claimed tickets, in order; once its printer did not answer, the rest wait for the next try too. */
  async function enviarDaLoja(idLoja: number, tickets: Devida[], ate: string): Promise<number> {
    const impressora = (await lojas.impressoras([idLoja]))[0]
    let semLigacao: string | null = null
    let impressos = 0
    for (const t of tickets) {
      try {
        if (semLigacao !== null) {
          await falhou(t, ate, semLigacao, null)
          continue
        }
        const desfecho = await enviarUm(t, ate, impressora)
        if (desfecho === 'impresso') impressos++
        else if (desfecho !== 'outro') semLigacao = desfecho.semLigacao
      } catch (error) {
        // The database failed around the send. Not marked: its claim runs out and it is tried again. Marked: found
        // in doubt once the claim has run out, never sent twice.
        log.error({ impressao: t.id, idLoja, err: (error as Error).message }, 'kitchen printer job failed')
      }
    }
    // Printed: the printer is back, and what waits for it after a failure goes in the next round, not minutes later.
    // Only earlier: a ticket made due is still claimed under a lease before it is sent.
    if (impressos > 0) await repo.antecipar(idLoja, isoNow(clock))
    return impressos
  }

  /** Tickets whose sender died after their bytes began to go: in doubt, for staff to reprint if they did not print. */
  async function encontrarIncertos(): Promise<void> {
    const antes = new Date(clock.now().getTime() - IMPRESSAO_RECLAMACAO_MS).toISOString()
    const incertos = await repo.marcarIncertos(antes, isoNow(clock), 'o envio não terminou: impressão por confirmar')
    for (const t of incertos) {
      log.error({ impressao: t.id, idLoja: t.id_loja }, 'kitchen ticket in doubt: its sender stopped mid-send')
    }
  }

  return {
    /**
     * Sends what is due, a claimed batch at a time, for at most DURACAO_MS; answers how many tickets were handed to a
     * printer (counting those given up or in doubt as not). Safe on N processes at once.
     */
    async despachar(): Promise<number> {
      await encontrarIncertos()
      const comeco = performance.now()
      let impressos = 0
      for (;;) {
        const devidas = await repo.devidas(isoNow(clock), LOTE)
        if (devidas.length === 0) return impressos
        const { ate, reclamados } = await arrendamento.reclamar(devidas.map((d) => d.id))
        const porLoja = new Map<number, Devida[]>()
        for (const d of devidas) {
          if (reclamados.has(d.id)) porLoja.set(d.id_loja, [...(porLoja.get(d.id_loja) ?? []), d])
        }
        const contas = await Promise.all([...porLoja].map(([idLoja, tickets]) => enviarDaLoja(idLoja, tickets, ate)))
        impressos += contas.reduce((a, b) => a + b, 0)
        if (devidas.length < LOTE || performance.now() - comeco > DURACAO_MS) return impressos
      }
    },
  }
}
