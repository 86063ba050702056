import { z } from 'zod'

/** The success envelope `{ data }` as a response schema: the serializer drops every field the schema does not name. */
export function dataResponse<T extends z.ZodType>(schema: T, status: 200 | 201 = 200) {
  return { [status]: z.object({ data: schema }) } as Record<typeof status, z.ZodObject<{ data: T }>>
}

/** `{ data: null }`: calls that answer nothing but their success. */
export const noDataResponse = dataResponse(z.null())

/** A URL slug: the `tag` of news, campaigns, restaurants, stores, FAQ and legal content. */
export const TagSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9-]+$/, 'Identificador inválido')

export const tagParams = <K extends string>(...keys: K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, TagSchema])) as Record<K, typeof TagSchema>)
