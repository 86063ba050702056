import { useState } from 'react'
import { Navigate } from 'react-router'
import { formatMoney, pontosLabel } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { isSemSessao } from './api.ts'
import { DevolucaoDialog } from './DevolucaoDialog.tsx'
import { type CompraRecente, useCompras } from './use-compras.ts'

function estadoDe(c: CompraRecente): string {
  if (c.devolvida) return 'Devolvida'
  if (c.encomenda) return 'Encomenda da app: para a devolver, cancele-a no quadro de encomendas'
  if (c.valor_pago === 0) return c.itens_redimidos > 0 || c.premios.length > 0 ? 'Paga com prémio' : 'Paga só com saldo'
  if (c.por_devolver < c.valor_pago) return `Por devolver ${formatMoney(c.por_devolver)}`
  return ''
}

/**
 * The store's newest purchases (date and time, document, amounts, credit and points), each with 'Devolver' but an app
 * order's, which is undone by cancelling the order on the board.
 */
export function ComprasRecentes({ onErro }: { onErro: (error: unknown, afterClose?: () => void) => void }) {
  const compras = useCompras()
  const [aDevolver, setADevolver] = useState<CompraRecente | null>(null)

  let conteudo: React.ReactNode
  if (compras.isPending) {
    conteudo = (
      <p className="muted" role="status">
        A carregar…
      </p>
    )
  } else if (compras.isError && isSemSessao(compras.error)) {
    // The session ended while the till was open: back to pairing, as any other call would.
    return <Navigate to={paths.painelEntrar} replace />
  } else if (compras.isError) {
    conteudo = (
      <div role="alert" className="painel-aviso painel-aviso-erro">
        <p>Não foi possível carregar as últimas compras.</p>
      </div>
    )
  } else if (compras.data.length === 0) {
    conteudo = <p className="muted">Ainda não há compras registadas nesta loja.</p>
  } else {
    conteudo = (
      <ul className="painel-compras">
        {compras.data.map((c) => (
          <li key={c.id} className="painel-compra">
            <div className="painel-compra-info">
              <p className="painel-compra-quando">
                {c.data} {c.hora}
              </p>
              <p className="painel-compra-doc">Documento {c.referencia ?? '—'}</p>
              {c.documentos.length > 0 && (
                <p className="painel-compra-doc">
                  {c.documentos.map((d) => `${d.tipo === 'NC' ? 'Nota de crédito' : 'Fatura'} ${d.numero}`).join(' · ')}
                </p>
              )}
              <ul className="painel-compra-linhas">
                {c.saldo_removido > 0 && <li>Saldo usado {formatMoney(c.saldo_removido)}</li>}
                <li>Pago {formatMoney(c.valor_pago)}</li>
                <li>Crédito {formatMoney(c.saldo_adicionado)}</li>
                <li>{pontosLabel(c.pontos_ganhos)}</li>
              </ul>
              {estadoDe(c) && <p className="painel-compra-estado">{estadoDe(c)}</p>}
            </div>
            <div className="painel-compra-lado">
              <p className="painel-compra-valor">{formatMoney(c.subtotal)}</p>
              {!c.devolvida && !c.encomenda && (
                <button type="button" className="button button-secondary painel-botao" onClick={() => setADevolver(c)}>
                  Devolver
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section className="painel-cartao painel-ultimas" aria-labelledby="ultimas-compras">
      <div className="painel-ultimas-topo">
        <h2 id="ultimas-compras">Últimas compras</h2>
        <button
          type="button"
          className="button button-secondary painel-botao"
          onClick={() => void compras.refetch()}
          disabled={compras.isFetching}
        >
          Atualizar
        </button>
      </div>
      {conteudo}
      {aDevolver && <DevolucaoDialog compra={aDevolver} onClose={() => setADevolver(null)} onErro={onErro} />}
    </section>
  )
}
