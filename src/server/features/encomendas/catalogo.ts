import type { ProdutoAdmin } from '../../../shared/admin-ementas.ts'
import { avisoEsgotados, ESGOTADO } from '../../../shared/catalogo-ecra.ts'
import type { Catalogo, Ementa, EstadoLoja, LojaEncomenda } from '../../../shared/ementa.ts'
import { EmentaSchema } from '../../../shared/ementa.ts'
import type { LinhaCalculada, TransacaoCalculada } from '../../../shared/encomenda.ts'
import { FUSO_REGIAO, REGIAO_PADRAO, type Regiao } from '../../../shared/regioes.ts'
import { tabelaDoTipo } from '../../../shared/tabelas-preco.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { RestaurantesService } from '../restaurantes/service.ts'
import { type CatalogoRepository, createCatalogoRepository } from './catalogo-repository.ts'
import { firstFault, ivaFault, orderable, paraCatalogo } from './ementa.ts'
import {
  avisoFecho,
  avisoPausa,
  diaDaLoja,
  emPausa,
  estaAberta,
  fechoEm,
  parseHorario,
  proximaMeiaNoite,
} from './horario.ts'
import { type IndicePrecos, indicePrecos, precificar } from './precos.ts'

/** What a writer passes to `ReadCache.invalidate` after a store's menu changed (after its commit). */
export const CATALOGO_CACHE_TAG = 'catalogo'

export const catalogoMensagens = {
  lojaFechada: 'A loja está fechada de momento. Pode encomendar assim que abrir.',
  ementaInvalida: 'A ementa não foi aceite: corrija o campo indicado e envie-a de novo. A ementa atual mantém-se.',
  semEncomendas: 'Esta loja não recebe encomendas pela aplicação.',
  esgotados: avisoEsgotados,
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
  lojas: Pick<RestaurantesService, 'lojasEncomendas' | 'encerramentos'>
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
      // The rates of the store's region (mainland for a key whose store is gone: it has no customers to sell to).
      const regiao = (await lojaDe(idLoja))?.regiao ?? REGIAO_PADRAO
      const fault = firstFault(parsed.data, regiao)
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
      const ids = await repository.listIdsLojaComEmenta()
      const lista = await lojas.lojasEncomendas(ids)
      // Each store's today is its own zone's; the closures read are those ending on the earliest of them or later.
      const desde = lista.map((l) => diaDaLoja(agora, l.fuso)).sort()[0] ?? diaDaLoja(agora)
      const fechos = await lojas.encerramentos(ids, desde)
      return lista.map((l) => {
        const hoje = diaDaLoja(agora, l.fuso)
        const pausada = emPausa(l.pausa, agora)
        const fecho = fechoEm(
          fechos.filter((f) => f.id_loja === l.id_loja),
          hoje,
        )
        return {
          id_loja: l.id_loja,
          nome: l.nome,
          latitude: l.latitude,
          longitude: l.longitude,
          aberta: !pausada && !fecho && estaAberta(parseHorario(l.horario_encomendas), agora, l.fuso),
          em_pausa: pausada,
          aviso: pausada ? avisoPausa(l.pausa, agora, l.fuso) : fecho ? avisoFecho(fecho, hoje) : null,
        }
      })
    },

    /**
     * Today's state of any store, for its page: a closure of today (the store's date, as its hours are) holds for
     * every store; a pause, of app orders, only for a store that takes them (it has a menu). Undefined: no such store.
     */
    async estadoLoja(idLoja: number): Promise<EstadoLoja | undefined> {
      const loja = await lojaDe(idLoja)
      if (!loja) return undefined
      const agora = clock.now()
      const hoje = diaDaLoja(agora, loja.fuso)
      const pausada = emPausa(loja.pausa, agora) && (await repository.findEmentaHash(idLoja)) !== undefined
      const fecho = fechoEm(await lojas.encerramentos([idLoja], hoje), hoje)
      return {
        id_loja: idLoja,
        encerrada: fecho !== undefined,
        em_pausa: pausada,
        aviso: pausada ? avisoPausa(loja.pausa, agora, loja.fuso) : fecho ? avisoFecho(fecho, hoje) : null,
      }
    },

    /**
     * `POST /api/calcula-encomenda` (spec §7): the cart priced from the store's current menu, in the store's price tier
     * for the kind of sale (`tipo`: 0 take-away, 1 eating in), and what the customer's balance (`saldo`, cents) would
     * take off it. Only while the store takes orders.
     */
    async calcular(
      {
        idLoja,
        cart,
        usarPremio,
        tipo,
      }: { idLoja: number; cart: Parameters<typeof precificar>[1]; usarPremio: boolean; tipo: 0 | 1 },
      saldo: number,
    ): Promise<{ transaction: TransacaoCalculada; lines: LinhaCalculada[]; minutos: number }> {
      const loja = await lojaDe(idLoja)
      if (!loja) throw notFound(catalogoMensagens.semEncomendas)
      const agora = clock.now()
      const hoje = diaDaLoja(agora, loja.fuso)
      if (emPausa(loja.pausa, agora)) {
        throw new HttpError(422, avisoPausa(loja.pausa, agora, loja.fuso), 'Encomendas em pausa')
      }
      const fecho = fechoEm(await lojas.encerramentos([idLoja], hoje), hoje)
      if (fecho) throw new HttpError(422, avisoFecho(fecho, hoje), 'Loja encerrada')
      if (!estaAberta(parseHorario(loja.horario_encomendas), agora, loja.fuso)) {
        throw new HttpError(422, catalogoMensagens.lojaFechada, 'Loja fechada')
      }
      const indice = await indiceDe(idLoja)
      const esgotados = await repository.listEsgotados(idLoja, hoje)
      // Every sold-out line marked, the sentence said once (not once per line).
      const esgotadas = [...cart.entries()].filter(([, linha]) => esgotados.has(linha.id))
      if (esgotadas.length > 0) {
        const message = catalogoMensagens.esgotados(
          esgotadas.map(([, linha]) => indice.get(linha.id)?.produto.produto ?? linha.id),
        )
        throw new HttpError(
          422,
          message,
          'Carrinho',
          Object.fromEntries(esgotadas.map(([i]) => [`cart.${i}`, ESGOTADO])),
        )
      }
      const { linhas, total, minutos } = precificar(indice, cart, tabelaDoTipo(loja.tabelas, tipo))
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
        minutos,
      }
    },

    /** The store's catalogue, priced in its tiers, its products sold out today marked `esgotado`. */
    async catalogo(idLoja: number): Promise<Catalogo> {
      const loja = await lojaDe(idLoja)
      if (!loja) throw notFound(catalogoMensagens.semEncomendas)
      const ementa = await ementaDe(idLoja)
      const esgotados = await repository.listEsgotados(idLoja, diaDaLoja(clock.now(), loja.fuso))
      return paraCatalogo(ementa, esgotados, loja.tabelas)
    },

    /**
     * Until when a catalogue read now holds: its sold-out marks are today's, to the next midnight of its store's zone;
     * the first of the zones' next midnights holds for every store (one more read a day for the others).
     */
    catalogoValidoAte: (): Date =>
      new Date(
        Math.min(...[...new Set(Object.values(FUSO_REGIAO))].map((f) => proximaMeiaNoite(clock.now(), f).getTime())),
      ),

    /**
     * The products a customer may order from the store (those of its catalogue), as the back-office lists them, with
     * whether each is sold out today; none while the store has no menu.
     */
    async produtosGestao(idLoja: number): Promise<ProdutoAdmin[]> {
      if ((await repository.findEmentaHash(idLoja)) === undefined) return []
      const fuso = (await lojaDe(idLoja))?.fuso
      const esgotados = await repository.listEsgotados(idLoja, diaDaLoja(clock.now(), fuso))
      return orderable(await ementaDe(idLoja)).flatMap(({ familia, produtos }) =>
        produtos.map((p) => ({
          cod_produto: p.cod_produto,
          nome: p.produto,
          familia: familia.descricao,
          preco: p.precovenda,
          esgotado: esgotados.has(p.cod_produto),
        })),
      )
    },

    /**
     * Marks a product of the store sold out for today (the store's date in its zone, `fuso`; back by itself the next
     * day) or orderable again, in the caller's transaction. Call `esgotadosAlterados` after its commit.
     */
    async definirEsgotado(
      trx: DatabaseTransaction,
      idLoja: number,
      codProduto: string,
      esgotado: boolean,
      fuso: string,
    ) {
      const hoje = diaDaLoja(clock.now(), fuso)
      await createCatalogoRepository(trx).setEsgotado(idLoja, codProduto, esgotado ? hoje : null, isoNow(clock))
    },

    /**
     * The first product (or complement) of the store's menu whose VAT rate is not one of `regiao`'s, as the back-office
     * warns of it (a store whose region changed, until its POS sends the menu again): null when none, or no menu.
     */
    async ivaForaDaRegiao(idLoja: number, regiao: Regiao): Promise<string | null> {
      if ((await repository.findEmentaHash(idLoja)) === undefined) return null
      const ementa = await ementaDe(idLoja)
      for (const p of ementa.seccoes.flatMap((s) => s.familias.flatMap((f) => f.produtos))) {
        const fault = ivaFault(p, regiao)
        if (fault) return fault.message
      }
      return null
    },

    /** After a product's sold-out mark changed (committed): cached catalogues are read again. */
    esgotadosAlterados(idLoja: number): void {
      onEmentaAlterada(idLoja)
    },
  }
}

export type CatalogoService = ReturnType<typeof createCatalogoService>
