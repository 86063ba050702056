import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertCampanha, insertNovidade } from '../../testing/fixtures.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, staffCom } from './testing.ts'

/**
 * A news item's and a campaign's page heading (`title_detail`) is the staff's to edit: a save used to overwrite it
 * with the list's title, so the seed's (or the POS's) own heading was lost on the first edit of anything else.
 */
describe.each(testDialects())('the detail title of news and campaigns, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let c: ReturnType<typeof chamadas>

  beforeAll(async () => {
    t = await createTestApp(dialect)
    c = chamadas(t)
    await insertNovidade(t.database.db, { tag: 'abertura', title: 'Abertura', title_detail: 'Abrimos no Chiado' })
    await insertCampanha(t.database.db, { tag: 'bacalhau', title: 'Bacalhau', title_detail: 'Semana do bacalhau' })
    admin = await staffCom(t, 'admin-titulos@exemplo.pt', 'admin')
  })
  afterAll(() => t.close())

  for (const [lista, publico, extra] of [
    ['/novidades', '/api/novidades', {}],
    ['/campanhas', '/api/campanhas', { termina_em: null }],
  ] as const) {
    it(`${lista}: shown, kept when another field is saved, edited, and empty means the title`, async () => {
      const [item] = (await c.call(admin, 'GET', lista)).json().data as {
        id: number
        tag: string
        title: string
        title_detail: string
        subtitle: string | null
        text: string
      }[]
      if (!item) throw new Error('no item')
      const detalhe = item.tag === 'abertura' ? 'Abrimos no Chiado' : 'Semana do bacalhau'
      expect(item.title_detail).toBe(detalhe)
      const form = {
        title: `${item.title} (revisto)`,
        title_detail: item.title_detail,
        subtitle: item.subtitle,
        text: item.text,
        destaque: false,
        tag: item.tag,
        posicao: 0,
        imagem: null,
        ...extra,
      }
      const pagina = async () => (await c.ler(`${publico}/${item.tag}`)).json().data

      const guardado = await c.call(admin, 'POST', `${lista}/${item.id}`, form)
      expect(guardado.statusCode, guardado.body).toBe(200)
      expect(guardado.json().data).toMatchObject({ title: form.title, title_detail: detalhe })
      expect(await pagina()).toMatchObject({ title: form.title, titleDetail: detalhe })

      await c.call(admin, 'POST', `${lista}/${item.id}`, { ...form, title_detail: 'Um título só da página' })
      expect((await pagina()).titleDetail).toBe('Um título só da página')

      await c.call(admin, 'POST', `${lista}/${item.id}`, { ...form, title_detail: '' })
      expect((await pagina()).titleDetail).toBe(form.title)
    })
  }
})
