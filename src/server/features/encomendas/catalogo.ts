import type { ProdutoAdmin } from '../../../shared/admin-ementas.ts'
import type { Catalogo, EstadoLoja, LojaEncomenda } from '../../../shared/catalogo.ts'
import { avisoEsgotados, ESGOTADO, LOJA_FECHADA } from '../../../shared/catalogo-ecra.ts'
import { ENCOMENDA_TOTAL_MAX } from '../../../shared/constants.ts'
import { CONTRIBUICAO_EMBALAGEM_PADRAO } from '../../../shared/embalagens.ts'
import { type Ementa, EmentaSchema } from '../../../shared/ementa.ts'
import type { Premio } from '../../../shared/premios.ts'
import type { AniversarioCliente } from '../../../shared/premios-aniversario.ts'
import { FUSO_REGIAO, REGIAO_PADRAO, type Regiao } from '../../../shared/regioes.ts'
import { tabelaDoTipo } from '../../../shared/tabelas-preco.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { LojaEncomendas, RestaurantesService } from '../restaurantes/service.ts'
import { type Calculado, premiosNoCarrinho, transacaoCalculada } from './calculo.ts'
import { type CatalogoRepository, createCatalogoRepository, type MarcaProduto } from './catalogo-repository.ts'
import { contribuicoesEmbalagem, embalagemDe } from './embalagens.ts'
import { firstFault, ivaFault, orderable, paraCatalogo } from './ementa.ts'
import {
  avisoFecho,
  avisoPausa,
  diaDaLoja,
  emPausa,
  estaAberta,
  fechoEm,
  parseHorario,
  pausaEfetiva,
  proximaMeiaNoite,
} from './horario.ts'
import { apenasMaiores, exigirMaioridade } from './maioridade.ts'
import { type IndicePrecos, indicePrecos, precificar, precosMensagens } from './precos.ts'

/** What a writer passes to `ReadCache.invalidate` after a store's menu changed (after its commit). */
export const CATALOGO_CACHE_TAG = 'catalogo'

export const catalogoMensagens = {
  lojaFechada: LOJA_FECHADA,
  ementaInvalida: 'A ementa não foi aceite: corrija o campo indicado e envie-a de novo. A ementa atual mantém-se.',
  semEncomendas: 'Esta loja não recebe encomendas pela aplicação.',
  /** A store whose seller the back-office has not named yet cannot say who sells (decision 0037): no orders. */
  semVendedor: 'Esta loja ainda não aceita encomendas pela aplicação.',
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
  /** The single-use packaging contribution per package, cents with VAT (CONTRIBUICAO_EMBALAGEM_CENTIMOS). */
  contribuicaoEmbalagem?: number
  /** How long a store's board may be away before its online orders pause themselves (0: never); horario.ts. */
  semPainelMs?: number
}

/**
 * The ordering catalogue: the stores' menus from their POS, what a customer may order from them, and the price of a
 * cart. Orders themselves are the orders service's (service.ts).
 */
export function createCatalogoService({
  repository,
  clock,
  onEmentaAlterada,
  lojas,
  contribuicaoEmbalagem = CONTRIBUICAO_EMBALAGEM_PADRAO,
  semPainelMs = 0,
}: CatalogoDeps) {
  const lojaDe = async (idLoja: number) => (await lojas.lojasEncomendas([idLoja]))[0]
  const pausaDe = (l: LojaEncomendas, agora: Date) => pausaEfetiva(l.pausa, l.painelVistoEm, agora, semPainelMs)

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
        const pausa = pausaDe(l, agora)
        const pausada = emPausa(pausa, agora)
        const fecho = fechoEm(
          fechos.filter((f) => f.id_loja === l.id_loja),
          hoje,
        )
        return {
          id_loja: l.id_loja,
          nome: l.nome,
          latitude: l.latitude,
          longitude: l.longitude,
          aberta:
            l.vendedor !== null && !pausada && !fecho && estaAberta(parseHorario(l.horario_encomendas), agora, l.fuso),
          em_pausa: pausada,
          aviso: pausada
            ? avisoPausa(pausa, agora, l.fuso)
            : fecho
              ? avisoFecho(fecho, hoje)
              : l.vendedor === null
                ? catalogoMensagens.semVendedor
                : null,
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
      const pausa = pausaDe(loja, agora)
      const pausada = emPausa(pausa, agora) && (await repository.findEmentaHash(idLoja)) !== undefined
      const fecho = fechoEm(await lojas.encerramentos([idLoja], hoje), hoje)
      return {
        id_loja: idLoja,
        encerrada: fecho !== undefined,
        em_pausa: pausada,
        aviso: pausada ? avisoPausa(pausa, agora, loja.fuso) : fecho ? avisoFecho(fecho, hoje) : null,
      }
    },

    /**
     * `POST /api/calcula-encomenda` (spec §7): the cart priced from the store's menu in its tier for the kind of sale
     * (`tipo`: 0 take-away, 1 eating in), with a take-away's packaging contribution (none with `recipienteProprio`), and
     * what a reward and the balance (`saldo`, cents) would take off it. Only while the store takes orders; a line sold to
     * adults only, only for a customer 18 or older by `dataNascimento` (decision 0037).
     */
    async calcular(
      {
        idLoja,
        cart,
        usarPremio,
        tipo,
        recipienteProprio = false,
        dataNascimento = null,
        premio = null,
        resgatarPremio = false,
        aniversario = null,
        usarAniversario = false,
      }: {
        idLoja: number
        cart: Parameters<typeof precificar>[1]
        usarPremio: boolean
        tipo: 0 | 1
        recipienteProprio?: boolean
        /** The customer's birth date (`YYYY-MM-DD`), or null when the account has none. */
        dataNascimento?: string | null
        /** The reward the customer holds (null: none), and whether one is used on this order. */
        premio?: Premio | null
        resgatarPremio?: boolean
        /** The birthday reward usable today (null: none), and whether this order uses it (decision 0053). */
        aniversario?: AniversarioCliente | null
        usarAniversario?: boolean
      },
      saldo: number,
    ): Promise<Calculado> {
      const loja = await lojaDe(idLoja)
      if (!loja) throw notFound(catalogoMensagens.semEncomendas)
      if (!loja.vendedor) throw new HttpError(422, catalogoMensagens.semVendedor, 'Loja sem encomendas')
      const agora = clock.now()
      const hoje = diaDaLoja(agora, loja.fuso)
      const pausa = pausaDe(loja, agora)
      if (emPausa(pausa, agora)) {
        throw new HttpError(422, avisoPausa(pausa, agora, loja.fuso), 'Encomendas em pausa')
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
      const { linhas, total: produtos, minutos } = precificar(indice, cart, tabelaDoTipo(loja.tabelas, tipo))
      const marcas = await repository.listMarcas(idLoja)
      const itemDe = (id: string) => {
        const item = indice.get(id)
        return item && { produto: item.produto, marca: marcas.get(id) }
      }
      const restritas = linhas.flatMap((l, index) => {
        const item = itemDe(l.id)
        return item && apenasMaiores(item.produto, item.marca) ? [{ index, nome: l.nome }] : []
      })
      exigirMaioridade(restritas, dataNascimento, hoje)
      const embalagens = contribuicoesEmbalagem(linhas, itemDe, {
        tipo,
        recipienteProprio,
        valor: contribuicaoEmbalagem,
      })
      const total = produtos + embalagens.reduce((sum, e) => sum + e.valor, 0)
      if (total > ENCOMENDA_TOTAL_MAX) {
        throw new HttpError(422, precosMensagens.totalMax, 'Carrinho', { cart: precosMensagens.totalMax })
      }
      const premios = { premio, aniversario, resgatarPremio, usarAniversario }
      const { premio: doPremio, aniversario: doAniversario, descontoPremio } = premiosNoCarrinho(premios, linhas, total)
      return {
        transaction: transacaoCalculada(total, saldo, usarPremio, descontoPremio),
        premio: doPremio,
        aniversario: doAniversario,
        lines: linhas,
        embalagens,
        minutos,
        verificarIdade: restritas.length > 0,
        vendedor: {
          loja: loja.nome,
          morada: `${loja.morada.address}, ${loja.morada.postalCode} ${loja.morada.city}`,
          ...loja.vendedor,
        },
        metodosPagamento: loja.metodosPagamento,
      }
    },

    /** The store's catalogue, priced in its tiers, its products sold out today marked `esgotado`. */
    async catalogo(idLoja: number): Promise<Catalogo> {
      const loja = await lojaDe(idLoja)
      if (!loja) throw notFound(catalogoMensagens.semEncomendas)
      const ementa = await ementaDe(idLoja)
      const esgotados = await repository.listEsgotados(idLoja, diaDaLoja(clock.now(), loja.fuso))
      return paraCatalogo(ementa, esgotados, loja.tabelas, {
        marcas: await repository.listMarcas(idLoja),
        contribuicaoEmbalagem,
      })
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
      const marcas = await repository.listMarcas(idLoja)
      return orderable(await ementaDe(idLoja)).flatMap(({ familia, produtos }) =>
        produtos.map((p) => {
          const marca = marcas.get(p.cod_produto)
          return {
            cod_produto: p.cod_produto,
            nome: p.produto,
            familia: familia.descricao,
            preco: p.precovenda,
            esgotado: esgotados.has(p.cod_produto),
            restrito_pos: p.restricted === true,
            alcoolico: marca?.alcoolico ?? false,
            embalagem_pos: p.embalagem ?? null,
            embalagem: marca?.embalagem ?? null,
            apenas_maiores: apenasMaiores(p, marca),
            embalagem_efetiva: embalagemDe(p, marca),
          }
        }),
      )
    },

    /**
     * Sets the back-office's marks on a product of the store (alcoholic; its take-away packaging), in the caller's
     * transaction. Call `marcasAlteradas` after its commit.
     */
    async definirMarca(trx: DatabaseTransaction, idLoja: number, codProduto: string, marca: MarcaProduto) {
      await createCatalogoRepository(trx).setMarca(idLoja, codProduto, marca, isoNow(clock))
    },

    /** After a product's marks changed (committed): cached catalogues are read again. */
    marcasAlteradas(idLoja: number): void {
      onEmentaAlterada(idLoja)
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
