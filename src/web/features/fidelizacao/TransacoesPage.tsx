import { lazy, Suspense } from 'react'
import type { Transacao } from '../../../shared/fidelizacao.ts'
import { paths } from '../../../shared/routes.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { TransacoesTabela } from './TransacoesTabela.tsx'
import { useFreshPrivateData } from './use-fresh-private-data.ts'
import './fidelizacao.css'

const TITULO_ID = 'transacoes-titulo'

/** The invoice and credit note of a transaction, once the POS sent them: loaded when a row has one. */
const DocumentosDobrados = lazy(() =>
  import('../../ui/DocumentosFiscais.tsx').then((m) => ({ default: m.DocumentosDobrados })),
)

const faturas = (t: Transacao) =>
  t.documentos.length > 0 && (
    <Suspense fallback={null}>
      <DocumentosDobrados documentos={t.documentos} />
    </Suspense>
  )

/**
 * Spec §2 "Transactions": all the customer's movements, newest first, with 'Deixe a sua opinião' where it applies and
 * each one's invoice ('Fatura', STORE-API.md "Invoices") once its store's POS sent it.
 */
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
          <TransacoesTabela
            transacoes={transacoes}
            labelledBy={TITULO_ID}
            opinioes={user.ve_rating}
            documentos={faturas}
          />
        </div>
      )}
    </main>
  )
}
