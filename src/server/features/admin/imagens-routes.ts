import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IMAGEM_MAX_BYTES, ImagemCarregadaSchema, imagensMensagens } from '../../../shared/admin-imagens.ts'
import { HttpError } from '../../platform/errors.ts'
import { dataResponse } from '../../platform/http.ts'
import type { AdminService } from './service.ts'

/**
 * `POST /imagens`: the file itself as the body. Only this plugin reads raw bodies, and only of types no form can send
 * across sites without a preflight (`application/octet-stream` or an image type), so the door's CSRF rules hold: the
 * Origin check, a SameSite=Strict cookie, no form or text/plain parser. The type a client declares decides nothing:
 * the bytes are sniffed (imagens.ts).
 */
export const imagensRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const grande = () =>
    new HttpError(413, imagensMensagens.grande, 'Imagem recusada', { imagem: imagensMensagens.grande })
  app.addContentTypeParser(
    ['application/octet-stream', 'image/jpeg', 'image/png', 'image/webp'],
    (request, payload, done) => {
      const declarado = Number(request.headers['content-length'] ?? 0)
      if (declarado > IMAGEM_MAX_BYTES) {
        done(grande(), undefined)
        return
      }
      const partes: Buffer[] = []
      let total = 0
      let acabou = false
      const fim = (erro: Error | null, corpo?: Buffer) => {
        if (acabou) return
        acabou = true
        done(erro, corpo)
      }
      payload.on('data', (parte: Buffer) => {
        total += parte.length
        if (total > IMAGEM_MAX_BYTES) {
          fim(grande())
          payload.resume()
          return
        }
        if (!acabou) partes.push(parte)
      })
      payload.on('end', () => fim(null, Buffer.concat(partes)))
      payload.on('error', (erro) => fim(erro))
    },
  )

  app.post(
    '/imagens',
    { config: { papeis: ['admin', 'gestor'] }, schema: { response: dataResponse(ImagemCarregadaSchema) } },
    async (request) => {
      const corpo = request.body
      // A JSON body (the door's own parser) is a body of the wrong shape: the file itself is expected.
      if (!Buffer.isBuffer(corpo)) {
        throw new HttpError(400, imagensMensagens.tipo, 'Imagem recusada', { imagem: imagensMensagens.tipo })
      }
      return { data: await service.imagens.carregar(request.staff, corpo, request.ip) }
    },
  )
}
