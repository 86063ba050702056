import type { Catalogo, Ementa, LojaEncomenda } from '../../../shared/ementa.ts'
import { EmentaSchema } from '../../../shared/ementa.ts'
import type { LinhaCalculada, TransacaoCalculada } from '../../../shared/encomenda.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { RestaurantesService } from '../restaurantes/service.ts'
import type { CatalogoRepository } from './catalogo-repository.ts'
import { firstFault, paraCatalogo } from './ementa.ts'
import { avisoPausa, emPausa, estaAberta, parseHorario } from './horario.ts'
import { type IndicePrecos, indicePrecos, precificar } from './precos.ts'

/** What a writer passes to `ReadCache.invalidate` after a store's menu changed (after its commit). */
export const CATALOGO_CACHE_TAG = 'catalogo'

export const catalogoMensagens = {
  lojaFechada: 'A loja está fechada de momento. Pode encomendar assim que abrir.',
  ementaInvalida: 'A ementa não foi aceite: corrija o campo indicado e envie-a de novo. A ementa atual mantém-se.',
  semEncomendas: 'Esta loja não recebe encomendas pela aplicação.',
}

/** 422 naming the path of the first bad field (`seccoes.0.familias.2.produtos.5.iva`) and what is wrong with it. */
const ementaInvalida = (path: string, message: string) =>
  new HttpError(422, catalogoMensagens.ementaInvalida, 'Ementa inválida', { [path]: message })

export interface EmentaImportada {
  hash: string
  last_update: string
  /** False when the menu already had this hash: nothing changed. */
  alterada: boolean
  produtos: number
}

export interface CatalogoDeps {
  repository: CatalogoRepository
  clock: Clock
  /** Called after a menu changed, once it is written. */
  onEmentaAlterada: (idLoja: number) => void
  /** The stores themselves (where they are, when they take orders) are features/restaurantes'. */
  lojas: Pick<RestaurantesService, 'lojasEncomendas'>
}

/**
 * The ordering catalogue: the stores' menus from their POS, what a customer may order from them, and the price of a
 * cart. Orders themselves are the orders service's (service.ts).
 */
export function createCatalogoService({ repository, clock, onEmentaAlterada, lojas }: CatalogoDeps) {
  const lojaDe = async (idLoja: number) => (await lojas.lojasEncomendas([idLoja]))[0]

  async function ementaDe(idLoja: number): Promise<Ementa> {
    const guardada = await repository.findEmenta(idLoja)
    if (!guardada) throw notFound(catalogoMensagens.semEncomendas)
    // Written by importarEmenta from a parsed snapshot: read as it was stored, not parsed again (its prices are cents).
    return JSON.parse(guardada.conteudo) as Ementa
  }

  /**
   * Each store's price index, kept while its menu's hash is the stored one: a calculation reads the hash (a few
   * bytes), not the whole menu, and parses it only when it changed, here or through another process.
   */
  const indices = new Map<number, { hash: string; produtos: IndicePrecos }>()
  async function indiceDe(idLoja: number): Promise<IndicePrecos> {
    const hash = await repository.findEmentaHash(idLoja)
    if (hash === undefined) throw notFound(catalogoMensagens.semEncomendas)
    const known = indices.get(idLoja)
    if (known?.hash === hash) return known.produtos
    const ementa = await ementaDe(idLoja)
    const produtos = indicePrecos(ementa)
    indices.set(idLoja, { hash: ementa.hash, produtos })
    return produtos
  }

  return {
    /**
     * The store's menu snapshot from its POS (STORE-API.md `PUT /ementa`): validated whole, or refused whole with the
     * path of the first bad field (422), leaving the current menu as it was.
     */
    async importarEmenta(idLoja: number, body: unknown): Promise<EmentaImportada> {
      const parsed = EmentaSchema.safeParse(body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw ementaInvalida(issue?.path.join('.') || 'ementa', issue?.message ?? '')
      }
      const fault = firstFault(parsed.data)
      if (fault) throw ementaInvalida(fault.path, fault.message)
      const ementa = parsed.data
      const alterada = await repository.saveEmenta(
        { idLoja, hash: ementa.hash, lastUpdate: ementa.last_update, conteudo: JSON.stringify(ementa) },
        isoNow(clock),
      )
      if (alterada) onEmentaAlterada(idLoja)
      const produtos = ementa.seccoes.flatMap((s) => s.familias.flatMap((f) => f.produtos)).length
      return { hash: ementa.hash, last_update: ementa.last_update, alterada, produtos }
    },

    /**
     * Stores that take orders from the app (they have a menu), and whether they take them now: not while their orders
     * are paused from the back-office (`em_pausa`, with what the customer is told in `aviso`).
     */
    async listLojasEncomenda(): Promise<LojaEncomenda[]> {
      const agora = clock.now()
      return (await lojas.lojasEncomendas(await repository.listIdsLojaComEmenta())).map((l) => {
        const pausada = emPausa(l.pausa, agora)
        return {
          id_loja: l.id_loja,
          nome: l.nome,
          latitude: l.latitude,
          longitude: l.longitude,
          aberta: !pausada && estaAberta(parseHorario(l.horario_encomendas), agora),
          em_pausa: pausada,
          aviso: pausada ? avisoPausa(l.pausa, agora) : null,
        }
      })
    },

    /**
     * `POST /api/calcula-encomenda` (spec §7): the cart priced from the store's current menu, and what the customer's
     * balance (`saldo`, cents) would take off it. Only while the store takes orders.
     */
    async calcular(
      { idLoja, cart, usarPremio }: { idLoja: number; cart: Parameters<typeof precificar>[1]; usarPremio: boolean },
      saldo: number,
    ): Promise<{ transaction: TransacaoCalculada; lines: LinhaCalculada[] }> {
      const loja = await lojaDe(idLoja)
      if (!loja) throw notFound(catalogoMensagens.semEncomendas)
      if (emPausa(loja.pausa, clock.now())) {
        throw new HttpError(422, avisoPausa(loja.pausa, clock.now()), 'Encomendas em pausa')
      }
      if (!estaAberta(parseHorario(loja.horario_encomendas), clock.now())) {
        throw new HttpError(422, catalogoMensagens.lojaFechada, 'Loja fechada')
      }
      const { linhas, total } = precificar(await indiceDe(idLoja), cart)
      const removivel = Math.max(0, Math.min(saldo, total))
      const desconto = usarPremio ? removivel : 0
      return {
        transaction: {
          total_transaction: total,
          total_discount: desconto,
          total_paid: total - desconto,
          total_outstanding_removed: removivel,
          customer_outstanding: saldo,
        },
        lines: linhas,
      }
    },

    async catalogo(idLoja: number): Promise<Catalogo> {
      if (!(await lojaDe(idLoja))) throw notFound(catalogoMensagens.semEncomendas)
      return paraCatalogo(await ementaDe(idLoja))
    },
  }
}

export type CatalogoService = ReturnType<typeof createCatalogoService>
