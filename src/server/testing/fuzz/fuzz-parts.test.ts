import Ajv2020 from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FinalizaEncomendaSchema } from '../../../shared/encomenda.ts'
import { CompraSchema, IdentificarSchema } from '../../../shared/fidelizacao.ts'
import { insertContas } from '../fixtures.ts'
import { createTestDatabase, testDialects } from '../harness.ts'
import { Contract } from './contract.ts'
import { installJournal } from './journal.ts'
import { type JsonSchema, valuesOf } from './schema-values.ts'

/** The fuzz suite's own parts hold what they promise: valid values are valid, and its checks do fail. */

describe('schema values', () => {
  const ajv = new Ajv2020({ strict: false })
  addFormats(ajv)
  for (const [name, schema] of Object.entries({ CompraSchema, IdentificarSchema, FinalizaEncomendaSchema })) {
    it(`draws only values ${name} accepts as JSON Schema`, () => {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
      const validate = ajv.compile(json)
      const arb = valuesOf(json, { resolve: () => true })
      fc.assert(
        fc.property(arb, (v) => validate(v)),
        { seed: 4242, numRuns: 300 },
      )
    })
  }
})

describe('the contract check', () => {
  const contract = new Contract({
    openapi: '3.1.0',
    paths: {
      '/x/{id}': {
        get: {
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: { data: { $ref: '#/components/schemas/Coisa' } },
                    required: ['data'],
                  },
                },
              },
            },
            '4XX': { content: { 'application/json': { schema: { type: 'object', required: ['error'] } } } },
          },
        },
      },
    },
    components: {
      schemas: { Coisa: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } },
    },
  })
  const [op] = contract.operations
  if (!op) throw new Error('no operation read')

  it('accepts a declared answer, by its exact status or its range', () => {
    expect(contract.check(op, 200, 'application/json; charset=utf-8', '{"data":{"n":1}}')).toEqual({ ok: true })
    expect(contract.check(op, 404, 'application/json', '{"error":{}}')).toEqual({ ok: true })
  })

  it('refuses an undeclared status, an undeclared content type and a body off its schema', () => {
    expect(contract.check(op, 500, 'application/json', '{}').problem).toMatch(/status 500 not declared/)
    expect(contract.check(op, 200, 'text/html', '<p>').problem).toMatch(/content type 'text\/html' not declared/)
    expect(contract.check(op, 200, 'application/json', '{"data":{"n":"1"}}').problem).toMatch(/off its schema/)
    expect(contract.check(op, 403, 'application/json', '{"erro":1}').problem).toMatch(/off its schema/)
  })
})

describe.each(testDialects())('the journal of writes, on %s', (dialect) => {
  it('notices every row written but the counters and the access bookkeeping', async () => {
    const database = await createTestDatabase(dialect)
    try {
      const { db } = database
      const journal = await installJournal(db, new Set(['limites', 'sms_desafios.tentativas']))
      let mark = await journal.mark()
      const [id = 0] = await insertContas(db, ['912345678'], '135790')
      let since = await journal.since(mark)
      expect(since.tables).toEqual(['utilizadores'])
      mark = since.mark

      // An update that changes nothing counted writes no line; one that does, one line.
      await db.updateTable('utilizadores').set({ telemovel: '912345678' }).where('id', '=', id).execute()
      expect((await journal.since(mark)).tables).toEqual([])
      await db.updateTable('utilizadores').set({ nome: 'Ana' }).where('id', '=', id).execute()
      since = await journal.since(mark)
      expect(since.tables).toEqual(['utilizadores'])
      mark = since.mark

      // A counter table, a counter column: what a refusal may write.
      await db.insertInto('limites').values({ chave: 'k', janela: '2026-11-23T12:00', contador: 1 }).execute()
      expect((await journal.since(mark)).tables).toEqual([])
      await db.deleteFrom('utilizadores').where('id', '=', id).execute()
      expect((await journal.since(mark)).tables).toEqual(['utilizadores'])
    } finally {
      await database.close()
    }
  })
})
