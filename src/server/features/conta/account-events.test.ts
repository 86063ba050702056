import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { canais, createMemoryEventBus, type EventBus } from '../../platform/eventos.ts'
import { createTestApp, device, lastSmsCode, type TestApp, testDialects } from '../../testing/harness.ts'

/**
 * Whatever writes a customer's account, their open screens hear of it (the `utilizador` event: read the record again)
 * once it is committed, whichever the write: a screen that did not would show the account as it was.
 */

const PHONE = '912345678'
const E164 = '+351912345678'
const PASSWORD = '135790'
const DADOS = {
  nome: 'Ana Silva',
  email: 'ana@exemplo.pt',
  dataNascimento: '1990-05-17',
  nif1: '123456789',
  nif2: '504426290',
}

describe.each(testDialects())('every write to an account is told to its screens, on %s', (dialect) => {
  let t: TestApp
  let bus: EventBus
  let d: ReturnType<typeof device>
  let ouvidos: string[]
  let parar: () => void

  beforeEach(async () => {
    bus = createMemoryEventBus()
    t = await createTestApp(dialect, {}, { bus })
    d = device(t)
    const { hash } = (await d.call('POST', '/registo', { telemovel: PHONE, pais: '351', termos: true })).json().data
    expect((await d.call('POST', `/registo/${hash}`, { codigo: await lastSmsCode(t, E164) })).statusCode).toBe(200)
    const dados = { ...DADOS, aceitacao: true, password: PASSWORD, confirmacaoPassword: PASSWORD }
    const completo = await d.call('POST', '/alterar-dados-pessoais', dados)
    expect(completo.statusCode, completo.body).toBe(200)
    const { id } = await t.database.db.selectFrom('utilizadores').select('id').executeTakeFirstOrThrow()
    ouvidos = []
    // An open screen of the customer's: it listens on their channel (features/eventos), as from another device.
    parar = bus.subscribe(canais.utilizador(id), (evento) => ouvidos.push(evento.tipo))
  })
  afterEach(async () => {
    parar()
    await t.close()
  })

  const ok = async (pedido: ReturnType<typeof d.call>) => {
    const res = await pedido
    expect(res.statusCode, res.body).toBe(200)
  }

  const escritas: [string, () => Promise<void>][] = [
    ['personal data', () => ok(d.call('POST', '/alterar-dados-pessoais', { ...DADOS, nome: 'Ana S.' }))],
    ['NIF choice', () => ok(d.call('POST', '/api/grava-selecao-nif', { selecao: 'secundario' }))],
    ['security key', () => ok(d.call('POST', '/chave-seguranca', { selecao: 1 }))],
    ['onboarding seen', () => ok(d.call('POST', '/api/grava-saw-onboarding', { value: true }))],
    [
      'password change',
      () => ok(d.call('POST', '/alterar-password', { password: '246810', confirmacaoPassword: '246810' })),
    ],
    [
      'phone change',
      async () => {
        const novo = { telemovel: '936543210', pais: '351', confirmacaoTelemovel: '936543210', confirmacaoPais: '351' }
        const { hash } = (await d.call('POST', '/alterar-telemovel', novo)).json().data
        await ok(d.call('POST', `/alterar-telemovel/${hash}`, { codigo: await lastSmsCode(t, '+351936543210') }))
      },
    ],
    [
      'recovery',
      async () => {
        const outro = device(t, '203.0.113.20')
        const { hash } = (await outro.call('POST', '/reset', { telemovel: PHONE, pais: '351' })).json().data
        await ok(outro.call('POST', `/reset/${hash}`, { codigo: await lastSmsCode(t, E164) }))
      },
    ],
  ]

  it.each(escritas)('%s', async (_nome, escrever) => {
    await escrever()
    expect(ouvidos).toContain('utilizador')
  })

  it('a write that fails tells nobody', async () => {
    const res = await d.call('POST', '/api/grava-selecao-nif', { selecao: 'outro' })
    expect(res.statusCode).toBe(400)
    expect(ouvidos).toEqual([])
  })
})
