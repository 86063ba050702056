import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialects } from '../../testing/harness.ts'
import { ADMIN_COOKIE } from './routes.ts'
import { signedInAdmin } from './testing.ts'

/** A phone's photo: 60×20 as stored, shown turned a quarter (orientation 6), with where it was taken. */
const fotoComGps = () =>
  sharp({ create: { width: 60, height: 20, channels: 3, background: '#3a7d44' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Telemovel', Model: 'Modelo X' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 42/1 3000/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 8/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()

describe.each(testDialects())('uploaded photos lose their metadata, on %s', (dialect) => {
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    t = await createTestApp(dialect)
    admin = await signedInAdmin(t, 'admin-exif@exemplo.pt')
  })
  afterAll(() => t.close())

  it('serves the photo and every variant without EXIF or GPS, turned as its orientation said', async () => {
    const foto = await fotoComGps()
    const original = await sharp(foto).metadata()
    expect(original.exif).toBeDefined()
    expect(original.orientation).toBe(6)
    expect(foto.includes(Buffer.from('Modelo X'))).toBe(true)

    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/api/imagens',
      headers: { accept: 'application/json', 'content-type': 'image/jpeg', cookie: `${ADMIN_COOKIE}=${admin}` },
      payload: foto,
    })
    expect(res.statusCode, res.body).toBe(200)
    const { url, largura, altura } = res.json().data
    expect([largura, altura]).toEqual([20, 60])

    const variantes = await t.database.db.selectFrom('imagens').select('nome').execute()
    const nomes = variantes.map((v) => `/imagens/${v.nome}`)
    expect(nomes).toContain(url)
    expect(nomes.length).toBeGreaterThan(1)
    for (const nome of nomes) {
      const servida = await t.app.inject({ method: 'GET', url: nome })
      expect(servida.statusCode, nome).toBe(200)
      const bytes = servida.rawPayload
      const meta = await sharp(bytes).metadata()
      expect(meta.exif, nome).toBeUndefined()
      expect(meta.xmp, nome).toBeUndefined()
      expect(meta.orientation ?? 1, nome).toBe(1)
      expect(bytes.includes(Buffer.from('Modelo X')), nome).toBe(false)
      expect(bytes.includes(Buffer.from('Exif\0')), nome).toBe(false)
      // Turned: taller than wide, as the photo was meant to be seen.
      expect(meta.height, nome).toBeGreaterThan(meta.width)
    }
  })
})
