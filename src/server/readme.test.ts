import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAPEIS } from '../shared/admin.ts'
import { SECCOES_ADMIN } from '../shared/admin-seccoes.ts'
import { API_VERSION } from '../shared/api.ts'
import { ENV_VARIABLES } from './config.ts'
import { createTestApp, device, type TestApp } from './testing/harness.ts'

/** The README says what clients must do; these checks hold it to what the server really does. */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')

/** The fenced block of a language that follows a heading. */
function blockAfter(heading: string, language: string): string {
  const section = readme.slice(readme.indexOf(heading))
  const match = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(section)
  if (!match?.[1]) throw new Error(`no ${language} block after ${heading}`)
  return match[1]
}

/** The headers of a curl command line (`-H 'Name: value'`). */
const curlHeaders = (line: string) =>
  Object.fromEntries([...line.matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [String(m[1]).toLowerCase(), m[2]]))

describe('README', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('sqlite')
  })
  afterAll(() => t.close())

  it('names the two headers every API client sends, with the version the server wants', () => {
    expect(readme).toContain('Accept: application/json')
    expect(readme).toContain(`X-Api-Version: ${API_VERSION}`)
  })

  it('shows the dev outbox call and its answer as the server gives them, ?para= filter included', async () => {
    const telemovel = '912345678'
    await device(t).call('POST', '/registo', { telemovel, pais: '351', termos: true })
    await device(t).call('POST', '/registo', { telemovel: '936543210', pais: '351', termos: true })
    const command = blockAfter('### The development SMS outbox', 'sh')
    const url = /'http:\/\/localhost:3000([^']+)'/.exec(command)?.[1]
    expect(url).toBe('/api/dev/sms?para=%2B351912345678')
    const res = await t.app.inject({ method: 'GET', url: String(url), headers: curlHeaders(command) })
    expect(res.statusCode).toBe(200)
    const real = res.json()
    const shown = JSON.parse(blockAfter('### The development SMS outbox', 'json'))
    expect(real.data).toHaveLength(1)
    expect(Object.keys(real.data[0])).toEqual(Object.keys(shown.data[0]))
    expect(real.data[0].para).toBe(shown.data[0].para)
    const code = (text: string) => text.replace(/\d{6}/, '######')
    expect(code(real.data[0].texto)).toBe(code(shown.data[0].texto))
  })

  it('points to the OpenAPI document and its reference, which open without the version header', async () => {
    for (const url of ['/api/openapi.json', '/api/docs']) {
      expect(readme).toContain(`\`${url}\``)
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200)
    }
  })

  it("shows the back-office's sections per role as the one table the server and the menu read", () => {
    const inicio = readme.indexOf('## The back-office')
    const section = readme.slice(inicio, readme.indexOf('\n## ', inicio + 1))
    const linhas = section
      .split('\n')
      .filter((l) => l.startsWith('| '))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      )
    const [cabecalho, ...corpo] = linhas
    expect(cabecalho).toEqual(['Secção', ...PAPEIS])
    const tabela = corpo.filter((l) => !l[0]?.startsWith('---'))
    expect(tabela).toEqual(
      SECCOES_ADMIN.map((s) => [s.nome, ...PAPEIS.map((p) => (s.papeis.includes(p) ? 'sim' : 'não'))]),
    )
  })

  it('names every environment variable the server reads', () => {
    for (const name of ENV_VARIABLES) expect(readme, name).toContain(`\`${name}\``)
  })
})
