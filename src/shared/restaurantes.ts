import { z } from 'zod'

/** Restaurants and stores as the API serves them (spec §3). */

export const LinkSocialSchema = z.object({ link: z.string(), tag: z.string().nullable() })

export const LojaResumoSchema = z.object({
  id: z.number(),
  tag: z.string(),
  id_loja: z.number(),
  name: z.string(),
  address: z.object({ address: z.string(), postalCode: z.string(), city: z.string() }),
  image: z.object({ list: z.string().nullable() }),
})
export type LojaResumo = z.infer<typeof LojaResumoSchema>

export const MenuSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  imagem_pequena: z.string(),
  imagem: z.string(),
})
export type Menu = z.infer<typeof MenuSchema>

export const LojaSchema = z.object({
  id: z.number(),
  tag: z.string(),
  id_loja: z.number(),
  name: z.string(),
  nameDetail: z.string(),
  /** One line per entry, e.g. "Segunda a Domingo: 10h00 – 21h30". */
  opening_hours: z.array(z.string()),
  text: z.string().nullable(),
  directions: z.string().nullable(),
  facebook: LinkSocialSchema.nullable(),
  instagram: LinkSocialSchema.nullable(),
  site: z.object({ link: z.string() }).nullable(),
  book: z.boolean(),
  address: z.object({
    address: z.string(),
    postalCode: z.string(),
    city: z.string(),
    phone: z.string().nullable(),
    custoChamada: z.string().nullable().meta({
      description:
        "The call-cost note shown right beside `phone` (DL 59/2021), from the number's kind of line: 'Chamada para a rede fixa nacional', 'Chamada para a rede móvel nacional', 'Chamada gratuita'…; null without a phone.",
    }),
    location: z.object({ latitude: z.number(), longitude: z.number(), link: z.string().nullable() }),
  }),
  image: z.object({ list: z.string().nullable(), main: z.string().nullable() }),
  menus: z.array(MenuSchema),
  restaurante: z.object({ tag: z.string(), name: z.string() }),
})
export type Loja = z.infer<typeof LojaSchema>

export const RestauranteResumoSchema = z.object({
  id: z.number(),
  tag: z.string(),
  name: z.string(),
  title: z.string(),
  image: z.object({ main: z.string().nullable(), logo: z.string().nullable() }),
  color: z.string().nullable(),
  lojas: z.array(z.object({ tag: z.string(), name: z.string() })),
})
export type RestauranteResumo = z.infer<typeof RestauranteResumoSchema>

export const RestauranteSchema = z.object({
  id: z.number(),
  tag: z.string(),
  name: z.string(),
  title: z.string(),
  text: z.string().nullable(),
  image: z.object({ main: z.string().nullable(), logo: z.string().nullable() }),
  color: z.string().nullable(),
  lojas: z.array(LojaResumoSchema),
})
export type Restaurante = z.infer<typeof RestauranteSchema>

/** A store by its POS id, as ledger rows, the opinion form and the till name it. */
export const LojaNomeSchema = z.object({ id_loja: z.number().int(), nome: z.string(), restaurante: z.string() })
export type LojaNome = z.infer<typeof LojaNomeSchema>

/** The same, with its time zone (`Europe/Lisbon`, or `Atlantic/Azores` in the Azores): for the till's board. */
export const LojaNomeFusoSchema = LojaNomeSchema.extend({ fuso: z.string() })
export type LojaNomeFuso = z.infer<typeof LojaNomeFusoSchema>
