import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestDatabase, testDialects } from '../testing/harness.ts'
import { manualClock } from './clock.ts'
import type { DatabaseHandle } from './db.ts'
import { idempotent, replyIdempotent } from './idempotency.ts'

describe.each(testDialects())('an idempotent store change on %s', (dialect) => {
  let database: DatabaseHandle
  beforeEach(async () => {
    database = await createTestDatabase(dialect)
  })
  afterEach(() => database.close())

  it('records the bytes its serializer sent, and a replay sends those same bytes', async () => {
    const clock = manualClock('2026-11-23T12:00:00Z')
    let vezes = 0
    const app = Fastify().withTypeProvider<ZodTypeProvider>()
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    const Resposta = z.object({ data: z.object({ id: z.number(), quando: z.string() }) })
    app.post('/mudar', { schema: { response: { 201: Resposta } } }, async (_request, reply) => {
      return replyIdempotent(reply, () =>
        idempotent(database.db, clock, { chaveId: 1, chave: 'k', pedido: { mudar: 1 } }, async () => {
          vezes++
          // A field the schema leaves out, and keys in another order than the schema's: the serializer decides.
          return { status: 201, body: { data: { quando: `vez ${vezes}`, segredo: 'x', id: 7 } } }
        }),
      )
    })
    try {
      const first = await app.inject({ method: 'POST', url: '/mudar' })
      const replay = await app.inject({ method: 'POST', url: '/mudar' })
      expect(first.statusCode).toBe(201)
      expect(first.body).toBe('{"data":{"id":7,"quando":"vez 1"}}')
      expect(replay.statusCode).toBe(201)
      expect(replay.body).toBe(first.body)
      expect(replay.headers['content-type']).toBe(first.headers['content-type'])
      const row = await database.db.selectFrom('idempotencia').select('resposta').executeTakeFirstOrThrow()
      expect(row.resposta).toBe(first.body)
      expect(vezes).toBe(1)
    } finally {
      await app.close()
    }
  })
})
