import { type ChaveCriada, type ChaveStaff, chavesMensagens } from '../../../shared/admin-chaves.ts'
import type { Ordenacao, Pagina } from '../../../shared/admin-tabelas.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { type CHAVES_ORDENAVEIS, type ChaveLojaRegisto, lojasChavesRepo } from '../../platform/store-keys.ts'
import type { LojaGestao } from '../restaurantes/service.ts'
import { type AdminDeps, adminMensagens, atorDe, auditar, type Staff } from './context.ts'
import { alcanceDe } from './lojas.ts'

/**
 * The store keys in the back-office: the keys of the Store API and the stores' tablets (platform's
 * `lojas_chaves`, the same the command line makes). An admin manages every store's, a gestor their restaurants' stores';
 * a store's own staff are not let in (the routes name admin and gestor only: a key outlives the staff member who would
 * make it, and a store's staff pair tablets with a key they are given). The key is answered once, at creation; the
 * audit entries carry the key's label, store and dates, never the key nor its hash.
 */
export function createAdminChaves({ db, clock, lojas }: AdminDeps) {
  const proibido = () => new HttpError(403, adminMensagens.semPermissao, 'Sem permissão')

  /** The stores within reach, by POS id. */
  async function lojasDe(staff: Staff): Promise<Map<number, LojaGestao>> {
    return new Map((await lojas.lojasGestao(alcanceDe(staff))).map((l) => [l.id_loja, l]))
  }

  const vista = (r: ChaveLojaRegisto, nomes: Map<number, LojaGestao>): ChaveStaff => {
    const loja = nomes.get(r.id_loja)
    return { ...r, loja: loja ? `${loja.nome} (${loja.restaurante})` : `Loja ${r.id_loja}` }
  }

  /** A key within the staff member's reach: 404 unknown, 403 another restaurant's store. */
  async function daLoja(staff: Staff, id: number) {
    const nomes = await lojasDe(staff)
    const chave = await lojasChavesRepo(db, clock).find(id)
    if (!chave) throw notFound(chavesMensagens.naoExiste)
    if (staff.papel !== 'admin' && !nomes.has(chave.id_loja)) throw proibido()
    return { chave, nomes }
  }

  const etiquetaExistente = () =>
    new HttpError(409, chavesMensagens.etiquetaExistente, 'Etiqueta em uso', {
      etiqueta: chavesMensagens.etiquetaExistente,
    })

  return {
    async listar(
      staff: Staff,
      filtro: Ordenacao<(typeof CHAVES_ORDENAVEIS)[number]> & { pagina: number; porPagina: number; idLoja?: number },
    ): Promise<Pagina<ChaveStaff>> {
      const nomes = await lojasDe(staff)
      let idsLoja: number[] | 'todas' = staff.papel === 'admin' ? 'todas' : [...nomes.keys()]
      if (filtro.idLoja !== undefined) {
        idsLoja = idsLoja === 'todas' || idsLoja.includes(filtro.idLoja) ? [filtro.idLoja] : []
      }
      const { total, itens } = await lojasChavesRepo(db, clock).listar({ ...filtro, idsLoja })
      return { total, pagina: filtro.pagina, por_pagina: filtro.porPagina, itens: itens.map((r) => vista(r, nomes)) }
    },

    /** A new key for a store within reach; its secret is in the answer only (kept as its hash, never audited). */
    async criar(staff: Staff, idLoja: number, etiqueta: string, ip: string): Promise<ChaveCriada> {
      const nomes = await lojasDe(staff)
      if (!nomes.has(idLoja)) {
        const existe = (await lojas.lojasGestao({ idsLoja: [idLoja] })).length > 0
        if (existe) throw proibido()
        throw new HttpError(400, chavesMensagens.lojaNaoExiste, 'Loja inválida', {
          id_loja: chavesMensagens.lojaNaoExiste,
        })
      }
      return db.transaction().execute(async (trx) => {
        const keys = lojasChavesRepo(trx, clock)
        if (await keys.labelTaken(etiqueta)) throw etiquetaExistente()
        const { chave, registo } = await keys.create(idLoja, etiqueta)
        const depois = vista((await keys.find(registo.id)) as ChaveLojaRegisto, nomes)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'chave_loja.criar',
          entidade: 'chave_loja',
          entidadeId: registo.id,
          depois,
        })
        return { registo: depois, chave }
      })
    },

    async renomear(staff: Staff, id: number, etiqueta: string, ip: string): Promise<ChaveStaff> {
      const { chave, nomes } = await daLoja(staff, id)
      if (chave.revogada_em !== null) throw new HttpError(409, chavesMensagens.revogada, 'Chave revogada')
      if (chave.etiqueta === etiqueta) return vista(chave, nomes)
      return db.transaction().execute(async (trx) => {
        const keys = lojasChavesRepo(trx, clock)
        if (await keys.labelTaken(etiqueta)) throw etiquetaExistente()
        await keys.relabel(id, etiqueta)
        const depois = vista((await keys.find(id)) as ChaveLojaRegisto, nomes)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'chave_loja.renomear',
          entidade: 'chave_loja',
          entidadeId: id,
          antes: vista(chave, nomes),
          depois,
        })
        return depois
      })
    },

    /** Ends a key at once: the Store API refuses it from the next call, its tablets' sessions end with it. */
    async revogar(staff: Staff, id: number, ip: string): Promise<ChaveStaff> {
      const { chave, nomes } = await daLoja(staff, id)
      return db.transaction().execute(async (trx) => {
        const keys = lojasChavesRepo(trx, clock)
        if (!(await keys.revokeById(id))) throw new HttpError(409, chavesMensagens.revogada, 'Chave revogada')
        const depois = vista((await keys.find(id)) as ChaveLojaRegisto, nomes)
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'chave_loja.revogar',
          entidade: 'chave_loja',
          entidadeId: id,
          antes: vista(chave, nomes),
          depois,
        })
        return depois
      })
    },
  }
}
