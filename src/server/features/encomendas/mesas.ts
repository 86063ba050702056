import { createHmac, timingSafeEqual } from 'node:crypto'
import { LOJA_FECHADA } from '../../../shared/catalogo-ecra.ts'
import { lerCodigoMesa, type MesaAberta, mesasTextos } from '../../../shared/mesas.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import type { CatalogoService } from './catalogo.ts'
import type { Contexto } from './contexto.ts'

/** The signature of a store's table: the first 16 characters of an HMAC-SHA256 by the store's secret, base64url. */
const assinatura = (segredo: string, idLoja: number, mesa: number) =>
  createHmac('sha256', segredo).update(`${idLoja}-${mesa}`).digest('base64url').slice(0, 16)

/** A table's code, as its QR code carries it (shared/mesas.ts `CODIGO_MESA`). */
const codigoMesa = (segredo: string, idLoja: number, mesa: number) =>
  `${idLoja}-${mesa}-${assinatura(segredo, idLoja, mesa)}`

const recusa = (status: number, message: string) => new HttpError(status, message, 'Mesa')

/**
 * Ordering from the table (decision 0045): the codes a store prints for its tables, what a code opens, and the table an
 * order is for. A code is the store's POS id, the table and their signature by the store's secret: made up, altered or
 * of a table the store no longer has, it is refused; used for another store's order, too.
 */
export function createMesas({ lojas }: Pick<Contexto, 'lojas'>, catalogo: Pick<CatalogoService, 'listLojasEncomenda'>) {
  /** The store and table of a genuine code of a table the store has; a refusal the customer can act on otherwise. */
  async function verificar(codigo: string): Promise<MesaAberta> {
    const lido = lerCodigoMesa(codigo)
    if (!lido) throw recusa(404, mesasTextos.invalido)
    const loja = (await lojas.lojasEncomendas([lido.idLoja]))[0]
    const segredo = loja && (await lojas.segredoMesas(lido.idLoja))
    if (!loja || !segredo) throw recusa(404, mesasTextos.invalido)
    const esperada = Buffer.from(assinatura(segredo, lido.idLoja, lido.mesa))
    const dada = Buffer.from(lido.assinatura)
    if (esperada.length !== dada.length || !timingSafeEqual(esperada, dada)) throw recusa(404, mesasTextos.invalido)
    if (loja.mesas === 0) throw recusa(422, mesasTextos.semMesas)
    if (lido.mesa > loja.mesas) throw recusa(404, mesasTextos.inexistente)
    return { id_loja: loja.id_loja, loja: loja.nome, mesa: lido.mesa }
  }

  return {
    verificar,

    /** `GET /api/mesas/{codigo}`: what a scanned code opens, only while its store takes orders (else why not). */
    async abrir(codigo: string): Promise<MesaAberta> {
      const mesa = await verificar(codigo)
      const estado = (await catalogo.listLojasEncomenda()).find((l) => l.id_loja === mesa.id_loja)
      if (!estado) throw recusa(422, mesasTextos.semMesas)
      if (!estado.aberta) throw recusa(422, estado.aviso ?? LOJA_FECHADA)
      return mesa
    },

    /**
     * The table an order of store `idLoja` is for, from the code the checkout sent: the code's store must be the
     * order's, eating in, for now (a table orders no pick-up time).
     */
    async daEncomenda(
      codigo: string,
      { idLoja, tipo, levantarEm }: { idLoja: number; tipo: 0 | 1; levantarEm: string | null },
    ): Promise<number> {
      // The checkout's refusals name its field, as the form's do.
      // A code refused is a field of the order that cannot be taken (422), not a resource missing.
      const noCampo = (e: HttpError) => new HttpError(422, e.message, e.title, { mesa: e.message })
      const mesa = await verificar(codigo).catch((error: unknown) => {
        throw error instanceof HttpError ? noCampo(error) : error
      })
      if (mesa.id_loja !== idLoja) throw noCampo(recusa(422, mesasTextos.outraLoja))
      if (tipo !== 1 || levantarEm !== null) throw noCampo(recusa(422, mesasTextos.soNaLoja))
      return mesa.mesa
    },

    /** The codes of the store's tables, for its staff to print (its secret made on the first print). */
    async paraImprimir(idLoja: number): Promise<{ mesa: number; codigo: string }[]> {
      const loja = (await lojas.lojasEncomendas([idLoja]))[0]
      if (!loja) throw notFound()
      if (loja.mesas === 0) return []
      const segredo = await lojas.segredoMesas(idLoja, true)
      if (!segredo) throw notFound()
      return Array.from({ length: loja.mesas }, (_x, i) => ({
        mesa: i + 1,
        codigo: codigoMesa(segredo, idLoja, i + 1),
      }))
    },
  }
}

export type Mesas = ReturnType<typeof createMesas>
