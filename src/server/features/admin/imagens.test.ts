import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGEM_MAX_BYTES, imagensMensagens } from '../../../shared/admin-imagens.ts'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/** Image uploads from the back-office: the bytes decide, size and pixels are bounded, each one audited. */

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer()

describe.each(testDialects())('image uploads in the back-office, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let gestor: string

  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await signedInAdmin(t, 'admin-imagens@exemplo.pt')
    gestor = await signedInAdmin(t, 'gestor-imagens@exemplo.pt', 'gestor')
  })
  afterAll(() => t.close())

  const carregar = (cookie: string, body: Buffer | string, tipo = 'application/octet-stream', extra = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/admin/api/imagens',
      headers: { accept: 'application/json', 'content-type': tipo, cookie: `${ADMIN_COOKIE}=${cookie}`, ...extra },
      payload: body,
    })
  const auditoria = () =>
    t.database.db
      .selectFrom('admin_auditoria')
      .selectAll()
      .where('acao', '=', 'imagem.carregar')
      .orderBy('id')
      .execute()

  it('stores a PNG and a JPEG through the pipeline, served under /imagens with their variants, audited', async () => {
    const res = await carregar(gestor, await png(900, 600), 'image/png')
    expect(res.statusCode, res.body).toBe(200)
    const { url, largura, altura } = res.json().data
    expect(url).toMatch(/^\/imagens\/carregada\.900x600\.[0-9a-f]{10}\.png$/)
    expect([largura, altura]).toEqual([900, 600])
    const servida = await t.app.inject({ method: 'GET', url })
    expect(servida.statusCode).toBe(200)
    expect(servida.headers['content-type']).toContain('image/png')
    const variante = await t.app.inject({ method: 'GET', url: url.replace(/\.png$/, '.400w.avif') })
    expect(variante.statusCode).toBe(200)

    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer()
    const outra = await carregar(admin, jpeg)
    expect(outra.statusCode, outra.body).toBe(200)
    expect(outra.json().data.url).toMatch(/\.300x300\.[0-9a-f]{10}\.jpg$/)

    const entradas = await auditoria()
    expect(entradas).toHaveLength(2)
    expect(entradas[0]).toMatchObject({ email: 'gestor-imagens@exemplo.pt', entidade: 'imagem', antes: null })
    expect(JSON.parse(String(entradas[0]?.depois))).toMatchObject({ url, tipo: 'image/png', nova: true })
  })

  it('refuses by content: a renamed executable, an SVG, a GIF, text; nothing stored, nothing audited', async () => {
    const antes = (await auditoria()).length
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 1)])
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.alloc(4096, 0x90)])
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>1</script></svg>')
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    for (const [corpo, tipo] of [
      [elf, 'image/png'],
      [exe, 'image/jpeg'],
      [svg, 'application/octet-stream'],
      [gif, 'application/octet-stream'],
      [Buffer.from('olá, isto não é uma imagem'), 'image/webp'],
    ] as const) {
      const res = await carregar(admin, corpo, tipo)
      expect(res.statusCode, res.body).toBe(415)
      expect(res.json().error.message).toBe(imagensMensagens.tipo)
    }
    // A type no upload uses (a form's) is not read at all.
    const texto = await carregar(admin, 'x', 'text/plain')
    expect(texto.statusCode).toBe(415)
    expect((await auditoria()).length).toBe(antes)
  })

  it('refuses an oversized file and a huge-pixel image (small in bytes) before decoding it', async () => {
    const antes = (await auditoria()).length
    const grande = Buffer.concat([await png(10, 10), Buffer.alloc(IMAGEM_MAX_BYTES, 0)])
    const res = await carregar(admin, grande)
    expect(res.statusCode).toBe(413)
    expect(res.json().error.message).toBe(imagensMensagens.grande)

    const enorme = await png(10_000, 10_000)
    expect(enorme.length).toBeLessThan(IMAGEM_MAX_BYTES)
    const pixeis = await carregar(gestor, enorme, 'image/png')
    expect(pixeis.statusCode).toBe(413)
    expect(pixeis.json().error.message).toBe(imagensMensagens.pixeis)

    const vazia = await carregar(admin, Buffer.alloc(0))
    expect(vazia.statusCode).toBe(400)
    expect((await auditoria()).length).toBe(antes)
  })

  it('refuses a store account (403), no session (401) and a request from another site (403)', async () => {
    const loja = await signedInAdmin(t, 'loja-imagens@exemplo.pt', 'gestor')
    await t.database.db
      .updateTable('admin_utilizadores')
      .set({ papel: 'loja', restaurantes: null, id_loja: 1 })
      .where('email', '=', 'loja-imagens@exemplo.pt')
      .execute()
    const corpo = await png(20, 20)
    expect((await carregar(loja, corpo)).statusCode).toBe(403)
    expect((await carregar('nada', corpo)).statusCode).toBe(401)
    const outra = await carregar(admin, corpo, 'image/png', { origin: 'https://mau.exemplo' })
    expect(outra.statusCode).toBe(403)
  })
})
