import type { PrivateData } from '../../shared/conta.ts'
import { TermosPorAceitarDialog } from '../features/conta/TermosPorAceitarDialog.tsx'
import { FimDeSessaoAviso } from './FimDeSessaoAviso.tsx'

/** What the account says on any screen: why this device was signed out, or new terms to accept. */
export function AvisosConta({ data }: { data: PrivateData }) {
  if (!data.user.loggedIn) return <FimDeSessaoAviso />
  // A provisional account (made at a till) accepts the texts when it completes its registration.
  if (data.user.data?.temporario === 1) return null
  return <TermosPorAceitarDialog textos={data.user.data?.termosPorAceitar ?? []} />
}
