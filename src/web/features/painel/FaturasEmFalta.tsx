import { useQuery } from '@tanstack/react-query'
import { type DocumentoEmFalta, descreverEmFalta } from '../../../shared/documentos-loja.ts'
import { formatDateTime, formatMoney } from '../../../shared/format.ts'
import { painelGet } from './api.ts'
import { painelKeys } from './keys.ts'

interface EmFalta {
  total: number
  minutos: number
  itens: DocumentoEmFalta[]
}

/** Read again this often: the alarm counts in minutes, and a document that arrives clears it at the next read. */
const LER_MS = 60_000

/**
 * The board's alarm (STORE-API.md "Invoices"): the store's sales paid, refunded or cancelled more than the set minutes
 * ago whose document the POS has not sent, 'Faturas em falta: N' and which, until each arrives. Nothing when none.
 */
export function FaturasEmFalta() {
  const query = useQuery({
    queryKey: painelKeys.faturasEmFalta(),
    queryFn: ({ signal }) => painelGet<EmFalta>('/faturas-em-falta', signal),
    refetchInterval: LER_MS,
    staleTime: 0,
  })
  const dados = query.data
  if (!dados || dados.total === 0) return null
  const mais = dados.total - dados.itens.length
  return (
    <section className="painel-aviso painel-aviso-erro painel-faturas" aria-labelledby="faturas-em-falta">
      <h2 id="faturas-em-falta" className="painel-faturas-titulo">
        Faturas em falta: {dados.total}
      </h2>
      <p>
        Vendas, devoluções e cancelamentos com mais de {dados.minutos} {dados.minutos === 1 ? 'minuto' : 'minutos'} cujo
        documento fiscal o programa de faturação ainda não enviou. Emita-os, ou verifique a ligação do programa à app.
      </p>
      <ul>
        {dados.itens.map((f) => (
          <li key={`${f.origem}-${f.id}-${f.classe}`}>
            {descreverEmFalta(f)} · {formatMoney(f.valor)} · desde {formatDateTime(f.devido_em)}
          </li>
        ))}
        {mais > 0 && <li>e mais {mais}</li>}
      </ul>
    </section>
  )
}
