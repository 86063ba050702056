import type { Loja, LojaNome, LojaResumo, Restaurante, RestauranteResumo } from '../../../shared/restaurantes.ts'
import type { LojasTable } from '../../db/schema.ts'
import { notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import type { RestaurantesRepository } from './repository.ts'

type LojaRow = Omit<LojasTable, 'id' | 'book' | 'posicao'> & { id: number; book: number }

/** A store as ordering asks for it: where it is and when it takes orders (`horario_encomendas`, JSON or null). */
export interface LojaEncomendas {
  id_loja: number
  nome: string
  latitude: number
  longitude: number
  horario_encomendas: string | null
}

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
    /** Stores as the loyalty screens and the till name them (POS id, name, restaurant): all, or those of `idsLoja`. */
    listLojasPorId: (idsLoja?: number[]): Promise<LojaNome[]> => repository.listLojasComRestaurante(idsLoja),

    /** The stores of `idsLoja` (POS ids) that exist, as ordering needs them, by POS id. */
    async lojasEncomendas(idsLoja: number[]): Promise<LojaEncomendas[]> {
      return (await repository.listLojasEncomenda(idsLoja)).map((l) => ({
        id_loja: l.id_loja,
        nome: l.name,
        latitude: l.latitude,
        longitude: l.longitude,
        horario_encomendas: l.horario_encomendas,
      }))
    },

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
      if (!row) throw notFound('Esta loja não existe.')
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
