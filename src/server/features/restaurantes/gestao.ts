import type { Selectable } from 'kysely'
import { imagensMensagens } from '../../../shared/admin-imagens.ts'
import {
  type LojaEdicaoDados,
  type LojaStaff,
  type RestauranteEdicaoDados,
  type RestauranteStaff,
  restaurantesMensagens,
} from '../../../shared/admin-restaurantes.ts'
import { lerMetodos } from '../../../shared/metodos-pagamento.ts'
import { lerRegiao } from '../../../shared/regioes.ts'
import { lerTabelaPreco } from '../../../shared/tabelas-preco.ts'
import type { LojasTable, RestaurantesTable } from '../../db/schema.ts'
import type { Database, DatabaseTransaction } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import { sourceImageExists } from '../../platform/images.ts'

/** Who writes a change down in its transaction (the back-office's audit entry): the entity before and after. */
export type RegistoRestaurantes<T> = (trx: DatabaseTransaction, antes: T, depois: T) => Promise<void>

/** Who may change a restaurant's content (checked in the change's transaction, before it): throws when not allowed. */
export type Autorizar = (restauranteId: number) => void

export interface GestaoRestaurantesDeps {
  db: Database
  /** Called after each commit that changed a restaurant or a store: the customer's next read shows it. */
  aoAlterar: () => void
}

type MenuRow = { titulo: string; imagem: string }

const vistaLoja = (l: Selectable<LojasTable>, menus: MenuRow[]): LojaStaff => ({
  id: l.id,
  id_loja: l.id_loja,
  tag: l.tag,
  restaurante_id: l.restaurante_id,
  name: l.name,
  name_detail: l.name_detail,
  text: l.text,
  directions: l.directions,
  address: l.address,
  postal_code: l.postal_code,
  city: l.city,
  phone: l.phone,
  latitude: Number(l.latitude),
  longitude: Number(l.longitude),
  map_link: l.map_link,
  facebook_link: l.facebook_link,
  instagram_link: l.instagram_link,
  site_link: l.site_link,
  book: l.book === 1,
  opening_hours: l.opening_hours.split('\n').filter((linha) => linha.trim() !== ''),
  horario_encomendas: lerHorario(l.horario_encomendas),
  preco_take_away: lerTabelaPreco(l.preco_take_away),
  preco_na_loja: lerTabelaPreco(l.preco_na_loja),
  empresa: l.empresa,
  nipc: l.nipc,
  regiao: lerRegiao(l.regiao),
  capacidade_intervalo: l.capacidade_intervalo,
  mesas: l.mesas,
  metodos_pagamento: lerMetodos(l.metodos_pagamento),
  impressora_endereco: l.impressora_endereco,
  impressora_porta: l.impressora_porta,
  image_list: l.image_list,
  image_main: l.image_main,
  menus,
})

function lerHorario(json: string | null): LojaStaff['horario_encomendas'] {
  if (json === null) return null
  try {
    return JSON.parse(json)
  } catch {
    return null
  }
}

const vistaRestaurante = (r: Selectable<RestaurantesTable>, lojas: LojaStaff[]): RestauranteStaff => ({
  id: r.id,
  tag: r.tag,
  name: r.name,
  title: r.title,
  text: r.text,
  color: r.color,
  image_main: r.image_main,
  image_logo: r.image_logo,
  lojas,
})

async function imagensExistentes(trx: Database, novas: (string | null)[], antigas: (string | null)[]) {
  for (const url of novas) {
    if (url === null || antigas.includes(url)) continue
    if (!(await sourceImageExists(trx, url.slice('/imagens/'.length)))) {
      throw new HttpError(400, imagensMensagens.naoExiste, 'Imagem inválida', { imagem: imagensMensagens.naoExiste })
    }
  }
}

/**
 * A seller is named whole (decision 0036): a save that sends one of the company and its NIPC (the other kept as stored)
 * must leave both set or both empty. The form sends both, and its schema says the same.
 */
function vendedorInteiro(dados: LojaEdicaoDados, antes: LojaStaff) {
  const empresa = dados.empresa === undefined ? antes.empresa : dados.empresa
  const nipc = dados.nipc === undefined ? antes.nipc : dados.nipc
  const falta: [string, string] | null =
    empresa !== null && nipc === null
      ? ['nipc', restaurantesMensagens.empresaSemNipc]
      : empresa === null && nipc !== null
        ? ['empresa', restaurantesMensagens.nipcSemEmpresa]
        : null
  if (falta) throw new HttpError(400, falta[1], 'Dados inválidos', { [falta[0]]: falta[1] })
}

/**
 * The staff's side of the restaurants and their stores: their content as the customer's pages show it
 * (texts, address, coordinates, opening hours, hours of ordering, links, images and menu images). Each change is one
 * transaction: the caller's `autorizar` first, then the change and its record; the read cache forgets them after it.
 */
export function createGestaoRestaurantes({ db, aoAlterar }: GestaoRestaurantesDeps) {
  async function lojasDe(trx: Database, restauranteIds: number[]): Promise<LojaStaff[]> {
    if (restauranteIds.length === 0) return []
    const lojas = await trx
      .selectFrom('lojas')
      .selectAll()
      .where('restaurante_id', 'in', restauranteIds)
      .orderBy('posicao')
      .orderBy('id')
      .execute()
    const menus =
      lojas.length === 0
        ? []
        : await trx
            .selectFrom('loja_menus')
            .select(['loja_id', 'titulo', 'imagem'])
            .where(
              'loja_id',
              'in',
              lojas.map((l) => l.id),
            )
            .orderBy('posicao')
            .orderBy('id')
            .execute()
    return lojas.map((l) =>
      vistaLoja(
        l,
        menus.filter((m) => m.loja_id === l.id).map(({ titulo, imagem }) => ({ titulo, imagem })),
      ),
    )
  }

  async function lojaPorId(trx: Database, id: number): Promise<LojaStaff> {
    const row = await trx.selectFrom('lojas').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound(restaurantesMensagens.lojaNaoExiste)
    return (await lojasDe(trx, [row.restaurante_id])).find((l) => l.id === id) as LojaStaff
  }

  async function restaurantePorId(trx: Database, id: number): Promise<RestauranteStaff> {
    const row = await trx.selectFrom('restaurantes').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw notFound(restaurantesMensagens.naoExiste)
    return vistaRestaurante(row, [])
  }

  return {
    /** The restaurants (all, or those of `ids`) with their stores, as the staff edit them. */
    async listar(ids: number[] | 'todos'): Promise<RestauranteStaff[]> {
      if (ids !== 'todos' && ids.length === 0) return []
      let query = db.selectFrom('restaurantes').selectAll().orderBy('posicao').orderBy('id')
      if (ids !== 'todos') query = query.where('id', 'in', ids)
      const restaurantes = await query.execute()
      const lojas = await lojasDe(
        db,
        restaurantes.map((r) => r.id),
      )
      return restaurantes.map((r) =>
        vistaRestaurante(
          r,
          lojas.filter((l) => l.restaurante_id === r.id),
        ),
      )
    },

    async editarRestaurante(
      id: number,
      dados: RestauranteEdicaoDados,
      autorizar: Autorizar,
      registar: RegistoRestaurantes<RestauranteStaff>,
    ): Promise<RestauranteStaff> {
      const depois = await db.transaction().execute(async (trx) => {
        const antes = await restaurantePorId(trx, id)
        autorizar(id)
        await imagensExistentes(trx, [dados.image_main, dados.image_logo], [antes.image_main, antes.image_logo])
        await trx
          .updateTable('restaurantes')
          .set({ ...dados, text: dados.text === null ? null : sanitizeHtml(dados.text) })
          .where('id', '=', id)
          .execute()
        const resultado = await restaurantePorId(trx, id)
        await registar(trx, antes, resultado)
        return resultado
      })
      aoAlterar()
      return depois
    },

    async editarLoja(
      id: number,
      dados: LojaEdicaoDados,
      autorizar: Autorizar,
      registar: RegistoRestaurantes<LojaStaff>,
    ): Promise<LojaStaff> {
      const depois = await db.transaction().execute(async (trx) => {
        const antes = await lojaPorId(trx, id)
        autorizar(antes.restaurante_id)
        const antigas = [antes.image_list, antes.image_main, ...antes.menus.map((m) => m.imagem)]
        await imagensExistentes(trx, [dados.image_list, dados.image_main, ...dados.menus.map((m) => m.imagem)], antigas)
        const {
          menus,
          opening_hours,
          horario_encomendas,
          book,
          text,
          metodos_pagamento,
          aviso_iva: _aviso,
          ...campos
        } = dados
        vendedorInteiro(dados, antes)
        await trx
          .updateTable('lojas')
          .set({
            ...campos,
            text: text === null ? null : sanitizeHtml(text),
            book: book ? 1 : 0,
            opening_hours: opening_hours.join('\n'),
            horario_encomendas: horario_encomendas === null ? null : JSON.stringify(horario_encomendas),
            ...(metodos_pagamento ? { metodos_pagamento: [...new Set(metodos_pagamento)].join(',') } : {}),
          })
          .where('id', '=', id)
          .execute()
        // The menus replaced whole, in the form's order; an image kept keeps its small version (the seed has one).
        const pequenas = new Map(
          (
            await trx.selectFrom('loja_menus').select(['imagem', 'imagem_pequena']).where('loja_id', '=', id).execute()
          ).map((m) => [m.imagem, m.imagem_pequena]),
        )
        await trx.deleteFrom('loja_menus').where('loja_id', '=', id).execute()
        for (const [posicao, menu] of menus.entries()) {
          const imagem_pequena = pequenas.get(menu.imagem) ?? menu.imagem
          await trx
            .insertInto('loja_menus')
            .values({ loja_id: id, titulo: menu.titulo, imagem_pequena, imagem: menu.imagem, posicao })
            .execute()
        }
        const resultado = await lojaPorId(trx, id)
        await registar(trx, antes, resultado)
        return resultado
      })
      aoAlterar()
      return depois
    },
  }
}

export type GestaoRestaurantes = ReturnType<typeof createGestaoRestaurantes>
