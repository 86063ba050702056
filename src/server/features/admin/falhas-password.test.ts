import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'

/** A wrong staff password is in the audit log: who (the account, or the e-mail typed), from where, why; never the password. */
describe.each(testDialects())('failed staff passwords in the audit log, on %s', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp(dialect)
  })
  afterEach(() => t.close())

  const entrar = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/entrar',
      headers: { accept: 'application/json' },
      payload: { email, password },
      remoteAddress: '198.51.100.23',
    })
  const falhas = () =>
    t.database.db
      .selectFrom('admin_auditoria')
      .selectAll()
      .where('acao', 'in', ['sessao.password_falhada', 'password.alterar_falhada'])
      .orderBy('id')
      .execute()

  it('audits a wrong password and an unknown e-mail, without the password', async () => {
    const { password, id } = await t.app.admin.equipa.criarAdmin('rita@exemplo.pt')
    expect((await entrar('rita@exemplo.pt', 'palavra-errada-123')).statusCode).toBe(401)
    expect((await entrar('ninguem@exemplo.pt', 'outra-errada-456')).statusCode).toBe(401)
    const [errada, desconhecido] = await falhas()
    expect(errada).toMatchObject({
      acao: 'sessao.password_falhada',
      utilizador_id: id,
      email: 'rita@exemplo.pt',
      entidade: 'utilizador',
      entidade_id: String(id),
      ip: '198.51.100.23',
    })
    expect(JSON.parse(errada?.depois ?? '{}')).toMatchObject({ motivo: 'password_errada', rede: expect.any(String) })
    expect(desconhecido).toMatchObject({ utilizador_id: null, email: 'ninguem@exemplo.pt', entidade_id: null })
    expect(JSON.parse(desconhecido?.depois ?? '{}').motivo).toBe('email_desconhecido')
    const tudo = JSON.stringify(await falhas())
    for (const segredo of ['palavra-errada-123', 'outra-errada-456']) expect(tudo).not.toContain(segredo)

    // The right password then signs in, and a wrong current password at the change is audited too.
    const ok = await entrar('rita@exemplo.pt', password)
    expect(ok.statusCode, ok.body).toBe(200)
    const cookie = ok.cookies.find((c) => c.name === ADMIN_COOKIE)?.value
    const alterar = await t.app.inject({
      method: 'POST',
      url: '/admin/api/alterar-password',
      headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
      payload: { atual: 'nao-e-esta-789', nova: 'uma-nova-bem-longa', confirmacao: 'uma-nova-bem-longa' },
      remoteAddress: '198.51.100.23',
    })
    expect(alterar.statusCode, alterar.body).toBe(400)
    const ultima = (await falhas()).at(-1)
    expect(ultima).toMatchObject({ acao: 'password.alterar_falhada', utilizador_id: id, email: 'rita@exemplo.pt' })
    expect(JSON.stringify(ultima)).not.toContain('nao-e-esta-789')
  })
})
