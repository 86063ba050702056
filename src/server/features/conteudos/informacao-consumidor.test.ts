import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { InformacaoConsumidorEdicaoDados } from '../../../shared/admin-definicoes.ts'
import { manualClock } from '../../platform/clock.ts'
import type { DatabaseHandle } from '../../platform/db.ts'
import { createTestDatabase, testDialects } from '../../testing/harness.ts'
import { createInformacaoConsumidor } from './informacao-consumidor.ts'

const dormir = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Two changes to the consumer information that overlap, forced: the first holds its transaction open inside its audit
 * step while the second starts. The second must wait for the first's commit and record, as its 'before', what the
 * first left (on PostgreSQL the row lock does it; SQLite runs one transaction at a time).
 */
describe.each(testDialects())('two changes to the consumer information at once, on %s', (dialect) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase(dialect)
  })
  afterAll(() => database.close())

  const dados = (ral_nome: string): InformacaoConsumidorEdicaoDados => ({
    ral_nome,
    ral_sitio: 'https://www.cicap.pt/',
    ral_aderiu: false,
    email_acessibilidade: 'apoio@balcao.pt',
  })

  it('the second waits for the first’s commit, and its before is the first’s after', async () => {
    const servico = createInformacaoConsumidor({ db: database.db, clock: manualClock(), invalidar: () => {} })
    // The row there already, as after an admin's first change: the overlap is on reading it, not on creating it.
    await servico.definir(dados('Entidade inicial'), async () => {})
    const antes: string[] = []
    let entrou!: () => void
    const primeiraDentro = new Promise<void>((resolve) => {
      entrou = resolve
    })
    let soltar!: () => void
    const primeiraSolta = new Promise<void>((resolve) => {
      soltar = resolve
    })

    const primeira = servico.definir(dados('Entidade A'), async (_trx, a) => {
      antes.push(a.ral_nome)
      entrou()
      await primeiraSolta
    })
    await primeiraDentro
    let segundaNoRegisto = false
    const segunda = servico.definir(dados('Entidade B'), async (_trx, a) => {
      segundaNoRegisto = true
      antes.push(a.ral_nome)
    })
    // Time for the second to read the row, were it not made to wait.
    await dormir(300)
    expect(segundaNoRegisto).toBe(false)
    soltar()
    await Promise.all([primeira, segunda])

    expect(antes).toEqual(['Entidade inicial', 'Entidade A'])
    expect((await servico.publica()).ral.nome).toBe('Entidade B')
  })
})
