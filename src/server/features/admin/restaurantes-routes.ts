import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { LojaEdicaoSchema, RestauranteEdicaoSchema } from '../../../shared/admin-restaurantes.ts'
import { METODOS_PAGAMENTO } from '../../../shared/metodos-pagamento.ts'
import { REGIOES } from '../../../shared/regioes.ts'
import { TabelaPrecoSchema } from '../../../shared/tabelas-preco.ts'
import { idParams } from '../../../shared/validacao.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

const texto = z.string()
const nulo = z.string().nullable()

// What the staff see: plain values (the request schemas' transforms are for what comes in).
const LojaStaffSchema = z.object({
  id: z.number(),
  id_loja: z.number(),
  tag: texto,
  restaurante_id: z.number(),
  name: texto,
  name_detail: texto,
  text: nulo,
  directions: nulo,
  address: texto,
  postal_code: texto,
  city: texto,
  phone: nulo,
  latitude: z.number(),
  longitude: z.number(),
  map_link: nulo,
  facebook_link: nulo,
  instagram_link: nulo,
  site_link: nulo,
  book: z.boolean(),
  opening_hours: z.array(texto),
  horario_encomendas: z.array(z.array(z.tuple([texto, texto]))).nullable(),
  preco_take_away: TabelaPrecoSchema,
  preco_na_loja: TabelaPrecoSchema,
  empresa: nulo,
  nipc: nulo,
  regiao: z.enum(REGIOES),
  capacidade_intervalo: z.number().int(),
  mesas: z.number().int(),
  metodos_pagamento: z.array(z.enum(METODOS_PAGAMENTO)),
  impressora_endereco: nulo,
  impressora_porta: z.number().int().nullable(),
  aviso_iva: nulo.optional(),
  image_list: nulo,
  image_main: nulo,
  menus: z.array(z.object({ titulo: texto, imagem: texto })),
})
const RestauranteStaffSchema = z.object({
  id: z.number(),
  tag: texto,
  name: texto,
  title: texto,
  text: nulo,
  color: nulo,
  image_main: nulo,
  image_logo: nulo,
  lojas: z.array(LojaStaffSchema),
})

/**
 * Restaurants and stores' content: admins all, gestores their restaurants' (403 otherwise). Registered by
 * doors/admin.ts beside routes.ts. A store is named by its row id (`/lojas-conteudo/:id`), not its POS id.
 */
export const restaurantesRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const { restaurantes } = service
  const papeis = ['admin', 'gestor'] as const

  app.get(
    '/restaurantes',
    { config: { papeis }, schema: { response: dataResponse(z.array(RestauranteStaffSchema)) } },
    async (request) => ({ data: await restaurantes.listar(request.staff) }),
  )

  app.post(
    '/restaurantes/:id',
    {
      config: { papeis },
      schema: {
        params: idParams('id'),
        body: RestauranteEdicaoSchema,
        response: dataResponse(RestauranteStaffSchema),
      },
    },
    async (request) => ({
      data: await restaurantes.editarRestaurante(request.staff, Number(request.params.id), request.body, request.ip),
    }),
  )

  app.post(
    '/lojas-conteudo/:id',
    {
      config: { papeis },
      schema: { params: idParams('id'), body: LojaEdicaoSchema, response: dataResponse(LojaStaffSchema) },
    },
    async (request) => ({
      data: await restaurantes.editarLoja(request.staff, Number(request.params.id), request.body, request.ip),
    }),
  )
}
