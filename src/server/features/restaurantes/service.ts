import type { Selectable } from 'kysely'
import { LOJA_NAO_EXISTE } from '../../../shared/catalogo-ecra.ts'
import { notaCustoChamada } from '../../../shared/custo-chamada.ts'
import { IMPRESSORA_PORTA_PADRAO } from '../../../shared/impressora.ts'
import { lerMetodos, type MetodoPagamento } from '../../../shared/metodos-pagamento.ts'
import { FUSO_REGIAO, lerRegiao, type Regiao } from '../../../shared/regioes.ts'
import type { Loja, LojaNomeFuso, LojaResumo, Restaurante, RestauranteResumo } from '../../../shared/restaurantes.ts'
import { lerTabelaPreco, type TabelasPrecoLoja } from '../../../shared/tabelas-preco.ts'
import type { LojasTable } from '../../db/schema.ts'
import { randomToken } from '../../platform/crypto.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import { createRestaurantesRepository, type RestaurantesRepository } from './repository.ts'

/** The back-office's editing of restaurants and stores (gestao.ts), built beside this service by services.ts. */
export {
  type Autorizar,
  createGestaoRestaurantes,
  type GestaoRestaurantes,
  type RegistoRestaurantes,
} from './gestao.ts'

type LojaRow = Omit<Selectable<LojasTable>, 'posicao'>

/** A store as ordering asks for it: where it is and when it takes orders (`horario_encomendas`, JSON or null). */
export interface LojaEncomendas {
  id_loja: number
  nome: string
  latitude: number
  longitude: number
  horario_encomendas: string | null
  /** The pause of its online orders (features/encomendas/horario.ts `emPausa`). */
  pausa: PausaEncomendas
  /** The POS price tier it charges for take-away and for eating in. */
  tabelas: TabelasPrecoLoja
  /** Who sells there (the operating company and its NIPC), as the checkout must say; null until the back-office names it. */
  vendedor: Vendedor | null
  /** Its fiscal region: its VAT rates and its clock. */
  regiao: Regiao
  /** Its time zone (its region's, decision 0036): of its hours, closures, 'today' and reports. */
  fuso: string
  /** Where it is, as the order's confirmation names the place of pick-up. */
  morada: { address: string; postalCode: string; city: string }
  /** Minutes staff add to every promise, until `ate` (features/encomendas/cozinha.ts). */
  ocupada: { minutos: number; ate: string | null }
  /** When a board of the store was last there (null: it never had one). */
  painelVistoEm: string | null
  /** Orders it takes per 15-minute pick-up slot (features/encomendas/levantamento.ts). */
  capacidadeIntervalo: number
  /** Its tables, numbered 1..mesas, each with its QR code (0: no ordering from the table). */
  mesas: number
  /** The payment methods it accepts (set in the back-office; MB WAY until then). */
  metodosPagamento: MetodoPagamento[]
}

/** The company that sells at a store: a franchise is its own. */
export interface Vendedor {
  empresa: string
  nipc: string
}

/** When a store's online orders were paused (null: they are not) and until when (null: until resumed). */
export interface PausaEncomendas {
  em: string | null
  ate: string | null
}

/** A store as the back-office lists it, with its restaurant and the pause of its online orders. */
export interface LojaGestao {
  id_loja: number
  nome: string
  restaurante_id: number
  restaurante: string
  horario_encomendas: string | null
  pausa: PausaEncomendas
  /** Its fiscal region and its time zone (decision 0036). */
  regiao: Regiao
  fuso: string
  /** When a board of the store was last there (null: it never had one, or was resumed without one). */
  painelVistoEm: string | null
  /** Its tables with a QR code (0: none). */
  mesas: number
}

/** Days a store is closed beyond its weekly hours: `de`..`ate` inclusive, the store's dates (YYYY-MM-DD). */
export interface Encerramento {
  id: number
  id_loja: number
  de: string
  ate: string
  motivo: string | null
}

/** A store's kitchen printer (features/impressoras): where it listens on the store's network, and the store's clock. */
export interface ImpressoraLoja {
  id_loja: number
  /** A host name or IPv4 address. */
  endereco: string
  /** Its TCP port (9100 when the back-office left it empty). */
  porta: number
  fuso: string
}

/** Which stores a back-office member may act on: all, those of some restaurants, or some POS ids. */
export type AlcanceLojas = 'todas' | { restaurantes: number[] } | { idsLoja: number[] }

const pausaDe = (l: { encomendas_pausa_em: string | null; encomendas_pausa_ate: string | null }): PausaEncomendas => ({
  em: l.encomendas_pausa_em,
  ate: l.encomendas_pausa_ate,
})

const social = (link: string | null, tag: string | null) => (link ? { link, tag } : null)

const toLojaResumo = (row: LojaRow): LojaResumo => ({
  id: row.id,
  tag: row.tag,
  id_loja: row.id_loja,
  name: row.name,
  address: { address: row.address, postalCode: row.postal_code, city: row.city },
  image: { list: row.image_list },
})

export function createRestaurantesService(repository: RestaurantesRepository) {
  async function requireRestaurante(tag: string) {
    const restaurante = await repository.findRestauranteByTag(tag)
    if (!restaurante) throw notFound('Este restaurante não existe.')
    return restaurante
  }

  return {
    /**
     * Stores as the loyalty screens and the till name them (POS id, name, restaurant) with their time zone: all, or
     * those of `idsLoja`; with the restaurant's id (the promotions of a restaurant apply in its stores). `db`: the
     * caller's transaction.
     */
    async listLojasPorId(idsLoja?: number[], db?: Database): Promise<(LojaNomeFuso & { restaurante_id: number })[]> {
      const repo = db ? createRestaurantesRepository(db) : repository
      return (await repo.listLojasComRestaurante(idsLoja)).map(({ regiao, ...l }) => ({
        ...l,
        fuso: FUSO_REGIAO[lerRegiao(regiao)],
      }))
    },

    /** The stores of `idsLoja` (POS ids) that exist, as ordering needs them, by POS id. */
    async lojasEncomendas(idsLoja: number[]): Promise<LojaEncomendas[]> {
      return (await repository.listLojasEncomenda(idsLoja)).map((l) => ({
        id_loja: l.id_loja,
        nome: l.name,
        latitude: l.latitude,
        longitude: l.longitude,
        horario_encomendas: l.horario_encomendas,
        pausa: pausaDe(l),
        tabelas: { take_away: lerTabelaPreco(l.preco_take_away), na_loja: lerTabelaPreco(l.preco_na_loja) },
        vendedor: l.empresa && l.nipc ? { empresa: l.empresa, nipc: l.nipc } : null,
        regiao: lerRegiao(l.regiao),
        fuso: FUSO_REGIAO[lerRegiao(l.regiao)],
        morada: { address: l.address, postalCode: l.postal_code, city: l.city },
        ocupada: { minutos: l.ocupada_minutos, ate: l.ocupada_ate },
        painelVistoEm: l.painel_visto_em,
        capacidadeIntervalo: l.capacidade_intervalo,
        mesas: l.mesas,
        metodosPagamento: lerMetodos(l.metodos_pagamento),
      }))
    },

    /** The stores within `alcance`, as the back-office lists them (`db`: a transaction, to read what it will change). */
    async lojasGestao(alcance: AlcanceLojas, db?: Database): Promise<LojaGestao[]> {
      const repo = db ? createRestaurantesRepository(db) : repository
      const rows = await repo.listLojasPausa(alcance === 'todas' ? {} : alcance)
      return rows.map((l) => ({
        id_loja: l.id_loja,
        nome: l.nome,
        restaurante_id: l.restaurante_id,
        restaurante: l.restaurante,
        horario_encomendas: l.horario_encomendas,
        pausa: pausaDe(l),
        regiao: lerRegiao(l.regiao),
        fuso: FUSO_REGIAO[lerRegiao(l.regiao)],
        painelVistoEm: l.painel_visto_em,
        mesas: l.mesas,
      }))
    },

    /** Sets (or, with `em` null, lifts) the pause of a store's online orders, in the caller's transaction. */
    async definirPausa(trx: DatabaseTransaction, idLoja: number, pausa: PausaEncomendas): Promise<void> {
      await createRestaurantesRepository(trx).updatePausa(idLoja, pausa)
    },

    /** The store no longer waits for a board until one is seen again, in the caller's transaction. */
    async esquecerPainel(trx: DatabaseTransaction, idLoja: number): Promise<void> {
      await createRestaurantesRepository(trx).clearPainelVisto(idLoja)
    },

    /** Sets the minutes a busy kitchen adds to every promise, until `ate` (0 and null: back to normal). */
    definirOcupada: (idLoja: number, ocupada: { minutos: number; ate: string | null }): Promise<void> =>
      repository.updateOcupada(idLoja, ocupada),

    /** A board of the store is there at `agora`: written at most once per `intervaloMs`. */
    marcarPainel: (idLoja: number, agora: Date, intervaloMs: number): Promise<void> =>
      repository.updatePainelVisto(idLoja, agora.toISOString(), new Date(agora.getTime() - intervaloMs).toISOString()),

    /** The kitchen printers of the stores of `idsLoja` that have one (the others are left out). */
    async impressoras(idsLoja: number[]): Promise<ImpressoraLoja[]> {
      return (await repository.listImpressoras(idsLoja)).flatMap((l) =>
        l.impressora_endereco?.trim()
          ? [
              {
                id_loja: l.id_loja,
                endereco: l.impressora_endereco.trim(),
                porta: l.impressora_porta ?? IMPRESSORA_PORTA_PADRAO,
                fuso: FUSO_REGIAO[lerRegiao(l.regiao)],
              },
            ]
          : [],
      )
    },

    /**
     * The secret the store's table codes are signed with (features/encomendas/mesas.ts); `criar`: made now if the
     * store has none (when its codes are first printed). Undefined: no such store.
     */
    async segredoMesas(idLoja: number, criar = false): Promise<string | null | undefined> {
      const segredo = await repository.findSegredoMesas(idLoja)
      if (segredo !== null || !criar) return segredo
      await repository.setSegredoMesasSeVazio(idLoja, randomToken(32))
      return repository.findSegredoMesas(idLoja)
    },

    /** The closures of the stores of `idsLoja` that end on `desde` (YYYY-MM-DD) or later, the earliest first. */
    encerramentos: (idsLoja: number[], desde: string, db?: Database): Promise<Encerramento[]> =>
      (db ? createRestaurantesRepository(db) : repository).listEncerramentos(idsLoja, desde),

    /** Adds a closure of a store, in the caller's transaction: its id. */
    adicionarEncerramento: (trx: DatabaseTransaction, e: Omit<Encerramento, 'id'>, agora: string): Promise<number> =>
      createRestaurantesRepository(trx).insertEncerramento(e, agora),

    /** Removes a closure of a store, in the caller's transaction: what it was (undefined: the store has none such). */
    removerEncerramento: (trx: DatabaseTransaction, idLoja: number, id: number): Promise<Encerramento | undefined> =>
      createRestaurantesRepository(trx).deleteEncerramento(idLoja, id),

    async listRestaurantes(): Promise<RestauranteResumo[]> {
      const restaurantes = await repository.listRestaurantes()
      const lojas = await repository.listLojas(restaurantes.map((r) => r.id))
      return restaurantes.map((r) => ({
        id: r.id,
        tag: r.tag,
        name: r.name,
        title: r.title,
        image: { main: r.image_main, logo: r.image_logo },
        color: r.color,
        lojas: lojas.filter((l) => l.restaurante_id === r.id).map((l) => ({ tag: l.tag, name: l.name })),
      }))
    },

    async getRestaurante(tag: string): Promise<Restaurante> {
      const r = await requireRestaurante(tag)
      const lojas = await repository.listLojas([r.id])
      return {
        id: r.id,
        tag: r.tag,
        name: r.name,
        title: r.title,
        text: r.text === null ? null : sanitizeHtml(r.text),
        image: { main: r.image_main, logo: r.image_logo },
        color: r.color,
        lojas: lojas.map(toLojaResumo),
      }
    },

    async getLoja(restauranteTag: string, lojaTag: string): Promise<Loja> {
      const r = await requireRestaurante(restauranteTag)
      const row = await repository.findLoja(r.id, lojaTag)
      if (!row) throw notFound(LOJA_NAO_EXISTE)
      const menus = await repository.listMenus(row.id)
      return {
        id: row.id,
        tag: row.tag,
        id_loja: row.id_loja,
        name: row.name,
        nameDetail: row.name_detail,
        opening_hours: row.opening_hours.split('\n').filter((line) => line.trim() !== ''),
        text: row.text === null ? null : sanitizeHtml(row.text),
        directions: row.directions,
        facebook: social(row.facebook_link, row.facebook_tag),
        instagram: social(row.instagram_link, row.instagram_tag),
        site: row.site_link ? { link: row.site_link } : null,
        book: row.book === 1,
        address: {
          address: row.address,
          postalCode: row.postal_code,
          city: row.city,
          phone: row.phone,
          custoChamada: row.phone === null ? null : notaCustoChamada(row.phone),
          location: { latitude: Number(row.latitude), longitude: Number(row.longitude), link: row.map_link },
        },
        image: { list: row.image_list, main: row.image_main },
        menus,
        restaurante: { tag: r.tag, name: r.name },
      }
    },
  }
}

export type RestaurantesService = ReturnType<typeof createRestaurantesService>
