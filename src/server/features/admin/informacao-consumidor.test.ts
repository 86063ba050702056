import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { informacaoConsumidorMensagens } from '../../../shared/admin-definicoes.ts'
import { INFORMACAO_CONSUMIDOR_PREDEFINIDA, RAL_PREDEFINIDA } from '../../../shared/informacao-consumidor.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { chamadas, signedInAdmin } from './testing.ts'

/**
 * 'Definições' › consumer information (decision 0039): the consumer-arbitration entity, whether the group adheres to
 * it (Lei 144/2015, art. 18.º), and the accessibility contact. An admin's alone, validated (a refusal writes nothing),
 * audited with before and after in the change's transaction; the customers' read follows each change at once. Two
 * changes that overlap: features/conteudos/informacao-consumidor.test.ts.
 */
describe.each(testDialects())('consumer information in the back-office, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let gestor: string
  let loja: string
  let c: ReturnType<typeof chamadas>
  const URL = '/definicoes/informacao-consumidor'

  const novos = {
    ral_nome: 'CICAP – Centro de Informação de Consumo e Arbitragem do Porto',
    ral_sitio: 'https://www.cicap.pt/',
    ral_aderiu: true,
    email_acessibilidade: 'acessibilidade@grupoladrilho.pt',
  }

  beforeAll(async () => {
    t = await createTestApp(dialect)
    c = chamadas(t)
    admin = await signedInAdmin(t, 'admin-consumidor@exemplo.pt')
    gestor = await signedInAdmin(t, 'gestor-consumidor@exemplo.pt', 'gestor')
    loja = await signedInAdmin(t, 'loja-consumidor@exemplo.pt', 'loja', { idLoja: 1 })
  })
  afterAll(() => t.close())

  const linhas = () => t.database.db.selectFrom('informacao_consumidor').selectAll().execute()
  const publica = async () => {
    const res = await c.ler('/api/informacao-consumidor')
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data
  }

  it('shows customers the defaults until an admin sets it: CNIACC, not adhered to, and the app’s support address', async () => {
    expect(await publica()).toEqual({
      ral: { nome: RAL_PREDEFINIDA.nome, sitio: 'https://www.cniacc.pt/', aderiu: false },
      acessibilidade: { email: 'apoio@balcao.pt' },
    })
    const res = await c.call(admin, 'GET', URL)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({
      atuais: {
        ral_nome: RAL_PREDEFINIDA.nome,
        ral_sitio: 'https://www.cniacc.pt/',
        ral_aderiu: false,
        email_acessibilidade: 'apoio@balcao.pt',
      },
      predefinidas: res.json().data.atuais,
      alterado_em: null,
    })
  })

  it('is an admin’s alone: a gestor and a store are refused, and write nothing', async () => {
    for (const cookie of [gestor, loja]) {
      expect((await c.call(cookie, 'GET', URL)).statusCode).toBe(403)
      expect((await c.call(cookie, 'POST', URL, novos)).statusCode).toBe(403)
    }
    const semSessao = await t.app.inject({
      method: 'GET',
      url: `/admin/api${URL}`,
      headers: { accept: 'application/json' },
    })
    expect(semSessao.statusCode).toBe(401)
    expect(await linhas()).toEqual([])
    expect(await c.auditoria('definicoes.informacao_consumidor')).toEqual([])
  })

  it('refuses a name, a website or an address that are not, with pt-PT messages, and writes nothing', async () => {
    const casos = [
      [{ ...novos, ral_nome: '  ' }, 'ral_nome', mensagens.obrigatorio],
      [{ ...novos, ral_nome: 'x'.repeat(201) }, 'ral_nome', mensagens.tamanhoMaximo(200)],
      [{ ...novos, ral_sitio: 'http://www.cicap.pt' }, 'ral_sitio', informacaoConsumidorMensagens.sitio],
      [{ ...novos, ral_sitio: 'javascript:alert(1)' }, 'ral_sitio', informacaoConsumidorMensagens.sitio],
      [{ ...novos, ral_sitio: 'https://' }, 'ral_sitio', informacaoConsumidorMensagens.sitio],
      // What shows one host and opens another: a user before `@`, a backslash a browser reads as a slash.
      [
        { ...novos, ral_sitio: 'https://www.cniacc.pt@evil.example/' },
        'ral_sitio',
        informacaoConsumidorMensagens.sitio,
      ],
      [
        { ...novos, ral_sitio: 'https://evil.example\\@www.cniacc.pt' },
        'ral_sitio',
        informacaoConsumidorMensagens.sitio,
      ],
      [{ ...novos, ral_sitio: 'https://user:pw@www.cniacc.pt/' }, 'ral_sitio', informacaoConsumidorMensagens.sitio],
      [{ ...novos, ral_sitio: 'https://localhost/' }, 'ral_sitio', informacaoConsumidorMensagens.sitio],
      [{ ...novos, ral_aderiu: 'sim' }, 'ral_aderiu', mensagens.valorInvalido],
      [{ ...novos, ral_aderiu: undefined }, 'ral_aderiu', mensagens.valorInvalido],
      [{ ...novos, email_acessibilidade: 'acessibilidade' }, 'email_acessibilidade', mensagens.email],
      [
        { ral_nome: novos.ral_nome, ral_sitio: novos.ral_sitio, ral_aderiu: false },
        'email_acessibilidade',
        mensagens.obrigatorio,
      ],
    ] as const
    for (const [body, campo, mensagem] of casos) {
      const res = await c.call(admin, 'POST', URL, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.fields?.[campo], JSON.stringify(body)).toBe(mensagem)
    }
    const extra = await c.call(admin, 'POST', URL, { ...novos, odr: 'https://ec.europa.eu/odr' })
    expect(extra.statusCode).toBe(400)
    expect(await linhas()).toEqual([])
    expect(await c.auditoria('definicoes.informacao_consumidor')).toEqual([])
    expect(await publica()).toEqual(INFORMACAO_CONSUMIDOR_PREDEFINIDA)
  })

  it('keeps a website as a browser reads it (URL.href)', async () => {
    const res = await c.call(admin, 'POST', URL, { ...novos, ral_aderiu: false, ral_sitio: 'HTTPS://WWW.CICAP.PT' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.atuais.ral_sitio).toBe('https://www.cicap.pt/')
    expect((await linhas())[0]?.ral_sitio).toBe('https://www.cicap.pt/')
    expect((await publica()).ral).toEqual({ nome: novos.ral_nome, sitio: 'https://www.cicap.pt/', aderiu: false })
  })

  it('sets it, adhered to, audited with before and after, and the customers’ next read shows it', async () => {
    // Read once first, so the read cache holds what was there: the change must make it forget it.
    const anterior = await publica()
    expect(anterior.ral.aderiu).toBe(false)
    const res = await c.call(admin, 'POST', URL, { ...novos, ral_nome: `  ${novos.ral_nome} ` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.atuais).toEqual(novos)
    expect(res.json().data.alterado_em).toEqual(expect.any(String))
    expect(await publica()).toEqual({
      ral: { nome: novos.ral_nome, sitio: novos.ral_sitio, aderiu: true },
      acessibilidade: { email: novos.email_acessibilidade },
    })
    const [, entrada, ...mais] = await c.auditoria('definicoes.informacao_consumidor')
    expect(mais).toEqual([])
    expect(entrada?.email).toBe('admin-consumidor@exemplo.pt')
    expect(entrada?.entidade_id).toBe('informacao-consumidor')
    expect(JSON.parse(entrada?.antes ?? '')).toEqual({
      ral_nome: anterior.ral.nome,
      ral_sitio: anterior.ral.sitio,
      ral_aderiu: false,
      email_acessibilidade: anterior.acessibilidade.email,
    })
    expect(JSON.parse(entrada?.depois ?? '')).toEqual(novos)
    expect(await linhas()).toHaveLength(1)
    expect((await linhas())[0]?.ral_aderiu).toBe(1)
  })

  it('unsays the adhesion: the customers’ read says the entity is not adhered to', async () => {
    const res = await c.call(admin, 'POST', URL, { ...novos, ral_aderiu: false })
    expect(res.statusCode, res.body).toBe(200)
    expect((await publica()).ral.aderiu).toBe(false)
  })
})
