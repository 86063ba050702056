import { useMutation } from '@tanstack/react-query'
import type { RgpdEmailInput, TipoPedidoRgpd } from '../../../shared/rgpd.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'

const PATH: Record<TipoPedidoRgpd, string> = {
  esquecimento: paths.rgpdEsquecimento,
  portabilidade: paths.rgpdPortabilidade,
}

/**
 * `POST /rgpd/esquecimento` or `/rgpd/portabilidade` (spec §7) with the account's e-mail: the same empty answer
 * whatever the address; the link goes by e-mail only to the account's own.
 */
export const usePedir = (tipo: TipoPedidoRgpd) =>
  useMutation({ mutationFn: (body: RgpdEmailInput) => apiPost<null>(PATH[tipo], body) })
