import { paths } from '../../../shared/routes.ts'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { NifSelector } from './NifSelector.tsx'
import { useFreshPrivateData } from './use-fresh-private-data.ts'
import './fidelizacao.css'

/**
 * Spec §2's alterar-nif: the NIF choice on a screen of its own, the one the loyalty screen shows, for a link that goes
 * straight to it (the invoice's NIF is chosen before paying at the till).
 */
export function AlterarNifPage() {
  useHeader('NIF nas faturas', paths.fidelizacao)
  const query = useFreshPrivateData()
  const user = query.data?.user.data
  if (!query.data || !user) return <Loading />
  return (
    <main className="page page-fid" id="conteudo">
      <h1 className="visually-hidden">NIF nas faturas</h1>
      <NifSelector user={user} />
    </main>
  )
}
