import type { Selectable } from 'kysely'
import type { AnuncioPromocao } from '../../../shared/conteudos.ts'
import { diaEmLisboa } from '../../../shared/format.ts'
import { diaNoFuso, fimDoDiaNoFuso, momentoNoFuso } from '../../../shared/fusos.ts'
import { type Promocao, type PromocaoDados, promocoesMensagens } from '../../../shared/promocoes.ts'
import { descricaoEfeito, descricaoJanela } from '../../../shared/promocoes-textos.ts'
import type { PromocoesTable } from '../../db/schema.ts'
import { isoNow } from '../../platform/clock.ts'
import { type Database, type DatabaseTransaction, lockInTransaction } from '../../platform/db.ts'
import { fieldError, notFound } from '../../platform/errors.ts'
import type { FidelizacaoContext } from './context.ts'
import type { GanhoPromocao, PromocaoEmVigor } from './ganhos-promocoes.ts'

/** Told inside the change's transaction (the back-office's audit entry), with the promotion before and after. */
export type RegistoPromocao = (trx: DatabaseTransaction, antes: Promocao | null, depois: Promocao) => Promise<void>

/** Where a purchase happens: the promotions of all stores, of its restaurant or of it apply, in its time zone. */
export interface LojaDaCompra {
  id_loja: number
  restaurante_id: number
  fuso: string
}

type Row = Selectable<PromocoesTable>

/** The store of a purchase as `listLojasPorId` read it; one unknown (never, for a key) takes only group-wide ones. */
export const lojaDaCompra = (
  idLoja: number,
  loja: { restaurante_id: number; fuso: string } | undefined,
): LojaDaCompra => ({ id_loja: idLoja, restaurante_id: loja?.restaurante_id ?? 0, fuso: loja?.fuso ?? 'Europe/Lisbon' })

const emVigorDe = (r: Row): PromocaoEmVigor => ({
  id: r.id,
  nome: r.nome,
  efeito: r.efeito,
  multiplicador: r.multiplicador,
  pontos: r.pontos,
  cod_produto: r.cod_produto,
  gasto_minimo: r.gasto_minimo,
  credito_percent: r.credito_percent / 100,
})

/** Whether a promotion covers this store at this instant (its window read in the store's own time zone). */
export function cobre(r: Row, loja: LojaDaCompra, instante: string): boolean {
  if (!r.ativa) return false
  if (r.ambito === 'restaurante' && r.id_restaurante !== loja.restaurante_id) return false
  if (r.ambito === 'loja' && r.id_loja !== loja.id_loja) return false
  const m = momentoNoFuso(instante, loja.fuso)
  if (m.dia < r.inicio || m.dia > r.fim) return false
  if (!r.dias_semana.includes(String(m.diaSemana))) return false
  if (r.hora_inicio && r.hora_fim && (m.hora < r.hora_inicio || m.hora >= r.hora_fim)) return false
  return true
}

/**
 * The promotions as the back-office sets them (decision 0052), and the ones in force at a purchase: read in the
 * purchase's transaction, so that a promotion saved before a purchase applies to it in every process, and one saved
 * after never does (nothing is applied again to a movement already written).
 */
export function createPromocoes(ctx: FidelizacaoContext) {
  const { db, clock, regrasAtuais } = ctx

  function vista(r: Row, agora: string): Promocao {
    // Its dates against Lisbon's day: the list says roughly where each stands; the purchase reads the store's zone.
    const hoje = diaEmLisboa(agora)
    return {
      id: r.id,
      nome: r.nome,
      efeito: r.efeito,
      multiplicador: r.multiplicador,
      pontos: r.pontos,
      cod_produto: r.cod_produto,
      gasto_minimo: r.gasto_minimo,
      credito_percent: r.credito_percent / 100,
      inicio: r.inicio,
      fim: r.fim,
      dias_semana: [...r.dias_semana].map(Number),
      hora_inicio: r.hora_inicio,
      hora_fim: r.hora_fim,
      ambito: r.ambito,
      id_restaurante: r.id_restaurante,
      id_loja: r.id_loja,
      ativa: r.ativa === 1,
      estado: !r.ativa || r.fim < hoje ? 'terminada' : r.inicio > hoje ? 'agendada' : 'em-curso',
      alterado_em: r.alterado_em,
    }
  }

  const valores = (d: PromocaoDados) => ({
    nome: d.nome,
    efeito: d.efeito,
    // Only the fields of its effect are kept: a promotion never carries a figure it does not use.
    multiplicador: d.efeito === 'multiplicar_pontos' ? d.multiplicador : 1,
    pontos: d.efeito === 'pontos_produto' || d.efeito === 'pontos_gasto_minimo' ? d.pontos : 0,
    cod_produto: d.efeito === 'pontos_produto' ? d.cod_produto : null,
    gasto_minimo: d.efeito === 'pontos_gasto_minimo' ? d.gasto_minimo : 0,
    credito_percent: d.efeito === 'credito_percent' ? Math.round(d.credito_percent * 100) : 0,
    inicio: d.inicio,
    fim: d.fim,
    dias_semana: d.dias_semana.join(''),
    hora_inicio: d.hora_inicio,
    hora_fim: d.hora_fim,
    ambito: d.ambito,
    id_restaurante: d.ambito === 'restaurante' ? d.id_restaurante : null,
    id_loja: d.ambito === 'loja' ? d.id_loja : null,
    ativa: d.ativa ? (1 as const) : (0 as const),
  })

  /**
   * A new promotion must not be over already (its last day passed in every store's zone); a raised credit % must be
   * above the rules' (else it gives nothing).
   */
  async function validar(d: PromocaoDados, trx: DatabaseTransaction, nova: boolean) {
    if (nova && d.fim < diaNoFuso(clock.now(), 'Atlantic/Azores')) {
      throw fieldError('fim', promocoesMensagens.fimNoPassado)
    }
    if (d.efeito !== 'credito_percent') return
    const { creditoPercent } = await regrasAtuais(trx)
    if (d.credito_percent <= creditoPercent) {
      throw fieldError('credito_percent', promocoesMensagens.creditoAbaixo(String(creditoPercent).replace('.', ',')))
    }
  }

  const porId = (ex: Database, id: number) =>
    ex.selectFrom('promocoes').selectAll().where('id', '=', id).executeTakeFirst()

  return {
    async listar(): Promise<Promocao[]> {
      const rows = await db.selectFrom('promocoes').selectAll().orderBy('fim', 'desc').orderBy('id', 'desc').execute()
      const agora = isoNow(clock)
      return rows.map((r) => vista(r, agora))
    },

    async ler(id: number): Promise<Promocao> {
      const row = await porId(db, id)
      if (!row) throw notFound(promocoesMensagens.naoExiste)
      return vista(row, isoNow(clock))
    },

    async criar(d: PromocaoDados, registar: RegistoPromocao): Promise<Promocao> {
      const agora = isoNow(clock)
      const criada = await db.transaction().execute(async (trx) => {
        await validar(d, trx, true)
        const row = await trx
          .insertInto('promocoes')
          .values({ ...valores(d), criado_em: agora, alterado_em: agora })
          .returningAll()
          .executeTakeFirstOrThrow()
        const depois = vista(row, agora)
        await registar(trx, null, depois)
        return depois
      })
      ctx.aoAlterarPromocoes?.()
      return criada
    },

    /**
     * From the next purchase on; purchases already written keep what they earned. `permitir`: the caller's check of the
     * promotion as it is, run under its lock (a gestor's reach, against what an admin may have just changed).
     */
    async editar(
      id: number,
      d: PromocaoDados,
      registar: RegistoPromocao,
      permitir?: (trx: DatabaseTransaction, antes: Promocao) => Promise<void>,
    ): Promise<Promocao> {
      const agora = isoNow(clock)
      const editada = await db.transaction().execute(async (trx) => {
        await lockInTransaction(trx, 'promocao', id)
        const antes = await porId(trx, id)
        if (!antes) throw notFound(promocoesMensagens.naoExiste)
        await permitir?.(trx, vista(antes, agora))
        await validar(d, trx, false)
        const row = await trx
          .updateTable('promocoes')
          .set({ ...valores(d), alterado_em: agora })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow()
        const depois = vista(row, agora)
        await registar(trx, vista(antes, agora), depois)
        return depois
      })
      ctx.aoAlterarPromocoes?.()
      return editada
    },

    existe: async (id: number) => (await porId(db, id)) !== undefined,

    /**
     * What a campaign says of the promotion it announces: what it gives, when and where; null once it is over (ended
     * by hand or past its dates), when the campaign no longer promises it.
     */
    async anuncio(id: number): Promise<{ anuncio: AnuncioPromocao; ate: string } | null> {
      const row = await porId(db, id)
      if (!row) return null
      const p = vista(row, isoNow(clock))
      if (p.estado === 'terminada') return null
      let onde = 'Em todas as lojas'
      if (p.ambito !== 'todas') {
        const lojas = await ctx.lojas.listLojasPorId(
          p.ambito === 'loja' && p.id_loja !== null ? [p.id_loja] : undefined,
        )
        const restaurante = lojas.find((l) => l.restaurante_id === p.id_restaurante)?.restaurante
        onde =
          p.ambito === 'loja'
            ? `Na loja ${lojas[0]?.nome ?? p.id_loja}`
            : restaurante
              ? `Nas lojas ${restaurante}`
              : 'Em lojas selecionadas'
      }
      return {
        // The customer is not shown a POS code: a product's bonus names no product (the campaign's text does).
        anuncio: {
          nome: p.nome,
          descricao: descricaoEfeito({ ...p, produto: null }),
          quando: descricaoJanela(p),
          onde,
        },
        // Until its last day ends in the stores' westernmost zone (the Azores): then the campaign no longer promises it.
        ate: fimDoDiaNoFuso(p.fim, 'Atlantic/Azores').toISOString(),
      }
    },

    /** The promotions in force at `instante` in this store, read in the purchase's transaction. */
    async emVigor(ex: Database, loja: LojaDaCompra, instante: string): Promise<PromocaoEmVigor[]> {
      // The store's day, compared as text (`YYYY-MM-DD`); `cobre` reads the weekday and hours.
      const dia = diaNoFuso(instante, loja.fuso)
      const rows = await ex
        .selectFrom('promocoes')
        .selectAll()
        .where('ativa', '=', 1)
        .where('inicio', '<=', dia)
        .where('fim', '>=', dia)
        // Never one made after the purchase (an order paid later is priced at when it was placed).
        .where('criado_em', '<=', instante)
        .execute()
      return rows.filter((r) => cobre(r, loja, instante)).map(emVigorDe)
    },

    /** Records what a purchase earned under each promotion (its name as it is now). */
    async registar(trx: DatabaseTransaction, transacaoId: number, aplicadas: readonly GanhoPromocao[]) {
      if (aplicadas.length === 0) return
      await trx
        .insertInto('transacoes_promocoes')
        .values(
          aplicadas.map((a) => ({
            transacao_id: transacaoId,
            promocao_id: a.id,
            nome: a.nome,
            pontos: a.pontos,
            credito: a.credito,
          })),
        )
        .execute()
    },
  }
}

export type PromocoesFidelizacao = ReturnType<typeof createPromocoes>
