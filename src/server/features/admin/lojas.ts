import type { LojaAdmin, MesasParaImprimir } from '../../../shared/admin-lojas.ts'
import { PAUSA_MAX_DIAS } from '../../../shared/admin-lojas.ts'
import { emPausa, pausaEfetiva } from '../../../shared/cozinha.ts'
import { DAY, isoNow } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { CatalogoService, EncomendasService } from '../encomendas/service.ts'
import type { FaturasService } from '../faturas/service.ts'
import type { AlcanceLojas, LojaGestao } from '../restaurantes/service.ts'
import { type AdminDeps, adminMensagens, atorDe, auditar, type Staff } from './context.ts'

export const lojasMensagens = {
  naoExiste: 'Esta loja não existe.',
  ateNoPassado: 'Escolha uma hora futura para retomar as encomendas.',
  ateLonge: `Uma pausa com fim dura no máximo ${PAUSA_MAX_DIAS} dias. Para mais, escolha 'Até retomar'.`,
} as const

/** Hours for orders on at least one day (features/restaurantes keeps them as JSON: a day's open intervals each). */
function temHorario(json: string | null): boolean {
  if (!json) return false
  try {
    const dias: unknown = JSON.parse(json)
    return Array.isArray(dias) && dias.some((d) => Array.isArray(d) && d.length > 0)
  } catch {
    return false
  }
}

/** The stores a staff member may act on: an admin all, a gestor those of their restaurants, a store its own. */
export function alcanceDe(staff: Pick<Staff, 'papel' | 'restaurantes' | 'idLoja'>): AlcanceLojas {
  if (staff.papel === 'admin') return 'todas'
  if (staff.papel === 'gestor') return { restaurantes: staff.restaurantes }
  return { idsLoja: staff.idLoja === null ? [] : [staff.idLoja] }
}

const dentroDe = (alcance: AlcanceLojas, loja: LojaGestao) =>
  alcance === 'todas' ||
  ('restaurantes' in alcance
    ? alcance.restaurantes.includes(loja.restaurante_id)
    : alcance.idsLoja.includes(loja.id_loja))

/** The store of `idLoja` if the staff member may act on it: 404 unknown, 403 outside their reach. */
export async function lojaAoAlcance(
  lojas: AdminDeps['lojas'],
  staff: Staff,
  idLoja: number,
  db?: Database,
): Promise<LojaGestao> {
  const loja = (await lojas.lojasGestao({ idsLoja: [idLoja] }, db))[0]
  if (!loja) throw notFound(lojasMensagens.naoExiste)
  if (!dentroDe(alcanceDe(staff), loja)) throw new HttpError(403, adminMensagens.semPermissao, 'Sem permissão')
  return loja
}

/**
 * Stores at work from the back-office: pausing a store's online orders (until a time or until resumed) and resuming
 * them. The stores are features/restaurantes'; each change is audited in its transaction.
 */
export function createAdminLojas(
  { db, clock, lojas, appUrl, semPainelMs = 0 }: AdminDeps,
  catalogo: Pick<CatalogoService, 'listLojasEncomenda'>,
  faturas: Pick<FaturasService, 'contarEmFalta'>,
  mesas: Pick<EncomendasService['mesas'], 'paraImprimir'>,
) {
  /** The stores with a menu (ordering's answer, read before any transaction: it reads on the pool). */
  const comEmenta = async () => new Set((await catalogo.listLojasEncomenda()).map((l) => l.id_loja))

  /** The store's sales flagged for a missing fiscal document (features/faturas): not part of what a change audits. */
  const comFaturas = async (vistas: Omit<LojaAdmin, 'faturas_em_falta'>[]): Promise<LojaAdmin[]> => {
    const emFalta = await faturas.contarEmFalta(vistas.map((l) => l.id_loja))
    return vistas.map((l) => ({ ...l, faturas_em_falta: emFalta.get(l.id_loja) ?? 0 }))
  }

  const vista = (l: LojaGestao, ementas: Set<number>): Omit<LojaAdmin, 'faturas_em_falta'> => {
    const { em, ate } = l.pausa
    const agora = clock.now()
    // The board's absence pauses the store only while no pause was set (the set one says more: who, until when).
    const efetiva = pausaEfetiva(l.pausa, l.painelVistoEm, agora, semPainelMs)
    const semPainel = efetiva !== l.pausa
    return {
      id_loja: l.id_loja,
      nome: l.nome,
      restaurante: l.restaurante,
      em_pausa: emPausa(efetiva, agora),
      pausa_em: em,
      pausa_ate: ate,
      sem_painel_desde: semPainel ? l.painelVistoEm : null,
      fuso: l.fuso,
      encomendas_app: ementas.has(l.id_loja) && temHorario(l.horario_encomendas),
      mesas: l.mesas,
    }
  }

  /** Sets the pause (`em` null: lifted) of a store within the staff member's reach: 404 unknown, 403 outside it. */
  async function mudar(staff: Staff, idLoja: number, ip: string, acao: string, ate: string | null, pausar: boolean) {
    const ementas = await comEmenta()
    const loja = await db.transaction().execute(async (trx) => {
      const loja = await lojaAoAlcance(lojas, staff, idLoja, trx)
      const antes = vista(loja, ementas)
      if (!pausar && loja.pausa.em === null && antes.sem_painel_desde === null) return antes
      const pausa = pausar ? { em: isoNow(clock), ate } : { em: null, ate: null }
      await lojas.definirPausa(trx, idLoja, pausa)
      // Resumed by hand, the store no longer waits for a board (one retired, or never coming back) until one is seen.
      if (!pausar && antes.sem_painel_desde !== null) await lojas.esquecerPainel(trx, idLoja)
      const depois = vista({ ...loja, pausa, painelVistoEm: pausar ? loja.painelVistoEm : null }, ementas)
      await auditar(trx, clock, atorDe(staff, ip), {
        acao,
        entidade: 'loja',
        entidadeId: idLoja,
        antes,
        depois,
      })
      return depois
    })
    return (await comFaturas([loja]))[0] as LojaAdmin
  }

  return {
    async listar(staff: Staff): Promise<LojaAdmin[]> {
      const ementas = await comEmenta()
      return comFaturas((await lojas.lojasGestao(alcanceDe(staff))).map((l) => vista(l, ementas)))
    },

    /** Pauses the store's online orders until `ate` (an ISO instant ahead, at most 30 days) or, null, until resumed. */
    async pausar(staff: Staff, idLoja: number, ate: string | null, ip: string): Promise<LojaAdmin> {
      let fim: string | null = null
      if (ate !== null) {
        const ms = Date.parse(ate)
        const agora = clock.now().getTime()
        if (!(ms > agora))
          throw new HttpError(400, lojasMensagens.ateNoPassado, 'Hora inválida', { ate: lojasMensagens.ateNoPassado })
        if (ms - agora > PAUSA_MAX_DIAS * DAY) {
          throw new HttpError(400, lojasMensagens.ateLonge, 'Hora inválida', { ate: lojasMensagens.ateLonge })
        }
        fim = new Date(ms).toISOString()
      }
      return mudar(staff, idLoja, ip, 'loja.pausar', fim, true)
    },

    /** The codes of the store's tables, for its staff to print (a store within their reach: 404, 403 otherwise). */
    async mesas(staff: Staff, idLoja: number): Promise<MesasParaImprimir> {
      const loja = await lojaAoAlcance(lojas, staff, idLoja)
      const codigos = await mesas.paraImprimir(idLoja)
      return { loja: loja.nome, mesas: codigos.map((m) => ({ mesa: m.mesa, url: `${appUrl}/mesa/${m.codigo}` })) }
    },

    /** Resumes the store's online orders (a store not paused stays as it is, and nothing is written). */
    async retomar(staff: Staff, idLoja: number, ip: string): Promise<LojaAdmin> {
      return mudar(staff, idLoja, ip, 'loja.retomar', null, false)
    },
  }
}
