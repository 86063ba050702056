import { useParams } from 'react-router'
import { ConfirmarEliminacao } from './ConfirmarEliminacao.tsx'
import { TransferirDados } from './TransferirDados.tsx'

/*
 * The screens of the e-mailed links and the profile's account cancellation, in one chunk: they share the request's
 * read and its messages, and each route of its own costs every screen's first load an entry in the route table
 * (docs/decisions/0010-first-load-budget.md).
 */

/** The link of an erasure request's e-mail (`/rgpd/esquecimento/:token`): the confirmation of the account's erasure. */
export function ConfirmarEsquecimentoPage() {
  const { token = '' } = useParams()
  return <ConfirmarEliminacao token={token} />
}

/** The profile's 'Cancelar conta' (spec §4): the same confirmation as an erasure link's. */
export function CancelarContaPage() {
  return <ConfirmarEliminacao token={null} />
}

/** The link of a data export's e-mail (`/rgpd/portabilidade/:token`). */
export function TransferirDadosPage() {
  const { token = '' } = useParams()
  return <TransferirDados token={token} />
}
