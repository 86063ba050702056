import type { Updateable } from 'kysely'
import type { ImpressoesTable } from '../../db/schema.ts'
import { isoIn, isoNow, MINUTE } from '../../platform/clock.ts'
import { createOutboxLease } from '../../platform/outbox-lease.ts'
import type { ImpressoraLoja } from '../restaurantes/service.ts'
import { enviarPorTcp, type LimitesEnvio, type OpcoesEnvio } from './envio-tcp.ts'
import { impressoesRepo, NUNCA } from './repository.ts'
import type { ImpressorasDeps } from './service.ts'
import { type MotivoTalao, talaoEscPos } from './talao.ts'

/** The first wait after a printer did not answer; each next one doubles, up to IMPRESSAO_ESPERA_MAX_MS. */
export const IMPRESSAO_ESPERA_MS = 15_000
export const IMPRESSAO_ESPERA_MAX_MS = 5 * MINUTE
/** A ticket not printed this long after it was queued is given up: the kitchen has the order on its board. */
export const IMPRESSAO_DESISTIR_MS = 30 * MINUTE
/**
 * A printer whose name does not resolve in this long, or that then does not take the connection in as long, is off;
 * the bytes and its close get twice as long: 20 s for a send at most.
 */
export const LIMITES_ENVIO: LimitesEnvio = { ligarMs: 5_000, escreverMs: 10_000 }
/**
 * A process sending a ticket holds it this long, renewed before each next ticket of its store: far longer than a send
 * may take (LIMITES_ENVIO), so a live sender is never overtaken. A ticket whose bytes began to go and that is still
 * unsettled this long after (its process died): in doubt, never sent again by itself.
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
 * are (platform/outbox-lease.ts), each store's printed in order (its lease renewed as they go), the stores at once.
 * At most once: before its first byte goes, a ticket is marked 'a-enviar' under its lease (and made never due again);
 * after that, only its own sender settles it (printed, or in doubt), and one whose sender died is found in doubt and
 * left for staff to reprint. A printer that refuses or does not answer: tried again after 15 s, 30 s, 1 minute… up
 * to 5, given up 30 minutes after the ticket was queued. Given up at once, unsent: a ticket whose order was cancelled
 * meanwhile, and one for a printer whose address is never a store's (this machine, link-local, multicast).
 */
export function createDespachoImpressoes({
  db,
  clock,
  log,
  lojas,
  encomendas,
  permitirLoopback = false,
}: ImpressorasDeps) {
  const arrendamento = createOutboxLease(db, clock, 'impressoes', IMPRESSAO_RECLAMACAO_MS)
  const opcoesEnvio: OpcoesEnvio = { permitirLoopback }
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

  /** Settles a claimed ticket that is not to be sent (nothing was marked, so under its lease): given up, and why. */
  async function desistir(t: Devida, ate: string, erro: string, valores: Updateable<ImpressoesTable> = {}) {
    const agora = isoNow(clock)
    return liquidar(t, ate, { ...valores, estado: 'desistido', erro, concluido_em: agora, proxima_em: NUNCA })
  }

  /** Sends one claimed ticket: printed, otherwise settled, or the printer's failure to take the connection. */
  async function enviarUm(t: Devida, ate: string, impressora: ImpressoraLoja | undefined): Promise<Desfecho> {
    if (!impressora) {
      if (await desistir(t, ate, 'a loja deixou de ter impressora')) {
        log.warn({ impressao: t.id, idLoja: t.id_loja }, 'kitchen ticket given up: the store has no printer now')
      }
      return 'outro'
    }
    const talao = await encomendas.talao.ler(t.encomenda_id)
    if (talao === undefined) {
      if (await desistir(t, ate, 'encomenda não encontrada')) {
        log.warn({ impressao: t.id, idLoja: t.id_loja }, 'kitchen ticket given up: its order is not there')
      }
      return 'outro'
    }
    if (talao === 'cancelada') {
      // Cancelled since it was queued: the kitchen must not make it, and a ticket would say to.
      if (await desistir(t, ate, 'encomenda cancelada: talão não impresso')) {
        log.info({ impressao: t.id, idLoja: t.id_loja }, 'kitchen ticket not printed: its order was cancelled')
      }
      return 'outro'
    }
    const bytes = talaoEscPos(talao, impressora.fuso, t.motivo as MotivoTalao, isoNow(clock))
    let marcado: string | null = null
    const marcar = async () => {
      const agora = isoNow(clock)
      const nosso = await arrendamento.liquidar({ id: t.id, ate }, (trx) =>
        impressoesRepo(trx).atualizar(t.id, { estado: 'a-enviar', enviado_em: agora, proxima_em: NUNCA }),
      )
      if (nosso) marcado = agora
      return nosso
    }
    const resultado = await enviarPorTcp(impressora, bytes, LIMITES_ENVIO, marcar, opcoesEnvio)
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
      case 'recusado': {
        // The back-office's address names what is never a store's printer (checked again here, after resolving, as
        // a name may resolve to anything): a configuration to correct, not a printer to wait for. Given up now, and
        // the board says the printer is not answering, as it is not.
        const escrito = await desistir(t, ate, resultado.erro, {
          tentativas: t.tentativas + 1,
          falhou_em: t.falhou_em ?? isoNow(clock),
        })
        if (escrito) {
          log.error(
            { impressao: t.id, idLoja: t.id_loja, erro: resultado.erro },
            "kitchen ticket given up: the store's printer address is not allowed",
          )
        }
        return 'outro'
      }
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

  /**
   * A store's claimed tickets, in order; once its printer did not answer, the rest wait for the next try too. They go
   * one after another, each send up to LIMITES_ENVIO, so before each the lease of those still to go is renewed: a slow
   * printer never makes the later ones outlive their claim, to be claimed by another process while this one still
   * holds them (it would not send them twice, the mark sees to that, but they would go out of order, and at once).
   */
  async function enviarDaLoja(idLoja: number, tickets: Devida[], ate: string): Promise<number> {
    const impressora = (await lojas.impressoras([idLoja]))[0]
    let semLigacao: string | null = null
    let impressos = 0
    let restantes = tickets
    let arrendadoAte = ate
    while (restantes.length > 0) {
      const [t, ...depois] = restantes as [Devida, ...Devida[]]
      try {
        if (semLigacao !== null) await falhou(t, arrendadoAte, semLigacao, null)
        else {
          const desfecho = await enviarUm(t, arrendadoAte, impressora)
          if (desfecho === 'impresso') impressos++
          else if (desfecho !== 'outro') semLigacao = desfecho.semLigacao
        }
      } catch (error) {
        // The database failed around the send. Not marked: its claim runs out and it is tried again. Marked: found
        // in doubt once the claim has run out, never sent twice.
        log.error({ impressao: t.id, idLoja, err: (error as Error).message }, 'kitchen printer job failed')
      }
      restantes = depois
      if (restantes.length === 0 || semLigacao !== null) continue
      try {
        const novoAte = isoIn(clock, IMPRESSAO_RECLAMACAO_MS)
        const nossos = await repo.prolongar(
          restantes.map((r) => r.id),
          arrendadoAte,
          novoAte,
        )
        const perdidos = restantes.filter((r) => !nossos.has(r.id))
        if (perdidos.length > 0) {
          log.warn({ impressoes: perdidos.map((r) => r.id), idLoja }, 'kitchen ticket claims lost: left to the other')
        }
        restantes = restantes.filter((r) => nossos.has(r.id))
        arrendadoAte = novoAte
      } catch (error) {
        // Not renewed: the rest are left to their claims, which run out, and are sent in a later round.
        log.error({ idLoja, err: (error as Error).message }, 'kitchen printer job failed')
        restantes = []
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
