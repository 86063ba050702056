import type { InjectOptions } from 'fastify'
import { generate } from 'otplib'
import sharp from 'sharp'
import { API_VERSION } from '../../../shared/api.ts'
import type { Clock } from '../../platform/clock.ts'
import type { TestApp } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'

/**
 * Test support: an admin through its whole first sign-in (the command's one-time password changed, TOTP enrolled),
 * and the cookie of its session, for the tests that walk every route with each door's identity.
 */
export async function signedInAdmin(
  t: TestApp,
  email = 'admin-testes@exemplo.pt',
  papel: 'admin' | 'gestor' | 'loja' = 'admin',
  /** The app's clock when it is not the real one (the TOTP code is of its time), and a gestor's or a store's reach. */
  opcoes: { clock?: Clock; restaurantes?: number[]; idLoja?: number } = {},
): Promise<string> {
  const { password, id } = await t.app.admin.equipa.criarAdmin(email)
  // A gestor or a store: the same account with its role changed before its first sign-in (a gestor enrols a TOTP as
  // an admin does; a store's role needs none).
  if (papel !== 'admin') {
    await t.database.db
      .updateTable('admin_utilizadores')
      .set({ papel, restaurantes: JSON.stringify(opcoes.restaurantes ?? []), id_loja: opcoes.idLoja ?? null })
      .where('id', '=', id)
      .execute()
  }
  let cookie = ''
  const call = async (url: string, body: unknown) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/api${url}`,
      headers: { accept: 'application/json', ...(cookie ? { cookie: `${ADMIN_COOKIE}=${cookie}` } : {}) },
      payload: body as Record<string, unknown>,
    })
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    const set = res.cookies.find((c) => c.name === ADMIN_COOKIE)
    if (set) cookie = set.value
    return res.json().data
  }
  await call('/entrar', { email, password })
  const nova = 'palavra-passe-dos-testes'
  await call('/alterar-password', { atual: password, nova, confirmacao: nova })
  if (papel === 'loja') return cookie
  const { segredo } = await call('/totp/iniciar', { value: true })
  const epoch = opcoes.clock ? Math.floor(opcoes.clock.now().getTime() / 1000) : undefined
  await call('/totp/confirmar', {
    codigo: await generate({ secret: segredo, ...(epoch === undefined ? {} : { epoch }) }),
  })
  return cookie
}

/** Test support for the back-office's content: staff of each role, calls, uploads and the customer's cached reads. */

export const pngDe = (width: number, height: number, cor = '#c82828') =>
  sharp({ create: { width, height, channels: 3, background: cor } })
    .png()
    .toBuffer()

/** A staff member of `papel`, signed in: a gestor of `restaurantes`, a store account of `idLoja`. */
export const staffCom = (
  t: TestApp,
  email: string,
  papel: 'admin' | 'gestor' | 'loja',
  alcance: { restaurantes?: number[]; idLoja?: number } = {},
): Promise<string> => signedInAdmin(t, email, papel, alcance)

/**
 * A promotion for the suites' day (Sunday 22/11/2026 on the till's clock): points ×2, every store, as
 * `POST /admin/api/promocoes` takes it.
 */
export const DOBRO_DE_PONTOS = {
  nome: 'Dobro de pontos',
  efeito: 'multiplicar_pontos',
  multiplicador: 2,
  inicio: '2026-11-22',
  fim: '2026-11-22',
  dias_semana: [1, 2, 3, 4, 5, 6, 7],
  ambito: 'todas',
}

export function chamadas(t: TestApp) {
  return {
    call: (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
      t.app.inject({
        method,
        url: `/admin/api${url}`,
        headers: { accept: 'application/json', cookie: `${ADMIN_COOKIE}=${cookie}` },
        ...(method === 'POST' ? { payload: (body ?? { value: true }) as InjectOptions['payload'] } : {}),
      }),
    async carregar(cookie: string, corpo: Buffer): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/imagens',
        headers: { 'content-type': 'application/octet-stream', cookie: `${ADMIN_COOKIE}=${cookie}` },
        payload: corpo,
      })
      if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`)
      return res.json().data.url as string
    },
    /** A customer's read with the ETag it had: 304 when nothing changed. */
    ler: (url: string, etag?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: {
          accept: 'application/json',
          'x-api-version': API_VERSION,
          ...(etag ? { 'if-none-match': etag } : {}),
        },
      }),
    auditoria: (acao: string) =>
      t.database.db.selectFrom('admin_auditoria').selectAll().where('acao', '=', acao).orderBy('id').execute(),
  }
}
