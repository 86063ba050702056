import { paths } from '../../../shared/routes.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { TransacoesTabela } from './TransacoesTabela.tsx'
import { useFreshPrivateData } from './use-fresh-private-data.ts'
import './fidelizacao.css'

const TITULO_ID = 'transacoes-titulo'

/** Spec §2 "Transactions": all the customer's movements, newest first, with 'Deixe a sua opinião' where it applies. */
export function TransacoesPage() {
  useHeader('Transações', paths.fidelizacao)
  const query = useFreshPrivateData()
  const user = query.data?.user.data
  if (!query.data || !user) return <Loading />
  const { transacoes } = query.data
  return (
    <main className="page page-transacoes" id="conteudo">
      <h1 id={TITULO_ID}>Transações</h1>
      {transacoes.length === 0 ? (
        <EmptyState>Não existem transações</EmptyState>
      ) : (
        <div className="fid-card">
          <TransacoesTabela transacoes={transacoes} labelledBy={TITULO_ID} opinioes={user.ve_rating} />
        </div>
      )}
    </main>
  )
}
