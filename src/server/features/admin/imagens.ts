import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import {
  IMAGEM_MAX_BYTES,
  IMAGEM_MAX_PIXELS,
  IMAGEM_TIPOS,
  type ImagemCarregada,
  imagensMensagens,
} from '../../../shared/admin-imagens.ts'
import { HttpError } from '../../platform/errors.ts'
import { imageFileName, type ProcessedImage, processImage, saveImage } from '../../platform/images.ts'
import { type AdminDeps, atorDe, auditar, type Staff } from './context.ts'

/** What an upload's stored source is called before its size and hash (src/shared/imagens.ts). */
const BASE = 'carregada'

const recusa = (status: number, message: string) =>
  new HttpError(status, message, 'Imagem recusada', { imagem: message })

/**
 * The upload as it is kept and served: its pixels, turned as its EXIF orientation says, encoded again in its own
 * format with no metadata at all (sharp writes none unless asked), so that a phone's photo does not publish where and
 * when it was taken (GPS, time, device). Its variants are sharp's output too, with none either.
 */
async function semMetadados(dados: Buffer, tipo: string): Promise<Buffer> {
  const imagem = sharp(dados, { autoOrient: true, limitInputPixels: IMAGEM_MAX_PIXELS })
  if (tipo === 'image/png') return imagem.png().toBuffer()
  if (tipo === 'image/webp') return imagem.webp({ quality: 90 }).toBuffer()
  return imagem.jpeg({ quality: 90 }).toBuffer()
}

/**
 * Image uploads from the back-office. The bytes decide what a file is, never its name or declared type:
 * file-type reads its signature (JPEG, PNG or WebP, nothing else: an executable renamed `.png`, an SVG, a GIF are
 * refused), sharp reads its header for its size before anything decodes it (a huge-pixel image is refused unread),
 * and the pipeline (platform/images.ts) encodes the variants with the same pixel limit. The source and its variants
 * are stored in `imagens` with the audit entry, in one transaction; the same bytes again store nothing new.
 */
export function createAdminImagens({ db, clock }: Pick<AdminDeps, 'db' | 'clock'>) {
  return {
    async carregar(staff: Staff, dados: Buffer, ip: string): Promise<ImagemCarregada> {
      if (dados.length === 0) throw recusa(400, imagensMensagens.vazia)
      if (dados.length > IMAGEM_MAX_BYTES) throw recusa(413, imagensMensagens.grande)
      const tipo = (await fileTypeFromBuffer(dados))?.mime
      if (!tipo || !(IMAGEM_TIPOS as readonly string[]).includes(tipo)) throw recusa(415, imagensMensagens.tipo)
      let largura: number
      let altura: number
      try {
        const meta = await sharp(dados).metadata()
        largura = meta.width
        altura = meta.height
      } catch {
        throw recusa(400, imagensMensagens.ilegivel)
      }
      if (!(largura > 0 && altura > 0)) throw recusa(400, imagensMensagens.ilegivel)
      if (largura * altura > IMAGEM_MAX_PIXELS) throw recusa(413, imagensMensagens.pixeis)

      let limpa: Buffer
      let imagem: ProcessedImage
      try {
        limpa = await semMetadados(dados, tipo)
        imagem = await processImage(limpa, { limitInputPixels: IMAGEM_MAX_PIXELS })
      } catch {
        throw recusa(400, imagensMensagens.ilegivel)
      }
      const { url } = await saveImage(db, imageFileName(BASE, imagem), limpa, imagem, (trx, guardada) =>
        auditar(trx, clock, atorDe(staff, ip), {
          acao: 'imagem.carregar',
          entidade: 'imagem',
          entidadeId: guardada.nome,
          depois: {
            url: `/imagens/${guardada.nome}`,
            tipo: guardada.tipo,
            largura: guardada.largura,
            altura: guardada.altura,
            bytes: dados.length,
            nova: guardada.nova,
          },
        }),
      )
      return { url, largura: imagem.width, altura: imagem.height }
    },
  }
}

export type AdminImagens = ReturnType<typeof createAdminImagens>
