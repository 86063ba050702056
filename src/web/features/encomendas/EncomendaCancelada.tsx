import { formatMoney } from '../../../shared/format.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'

/** What a cancelled order gives back, in the customer's words: the MB WAY payment, the balance used, or nothing taken. */
export function devolvidoAoCliente(
  o: Pick<EncomendaCliente, 'pago' | 'valor_pago' | 'desconto' | 'desconto_premio' | 'pago_com'>,
): string[] {
  const frases: string[] = []
  const por = o.pago_com === 'Multibanco' ? 'transferência bancária' : (o.pago_com ?? 'MB WAY')
  if (o.pago && o.valor_pago > 0) frases.push(`O valor pago (${formatMoney(o.valor_pago)}) é devolvido por ${por}.`)
  if (!o.pago && o.valor_pago > 0) frases.push('O pagamento não foi concluído: nada foi cobrado.')
  if (o.desconto > 0) frases.push(`O saldo usado (${formatMoney(o.desconto)}) voltou à sua conta.`)
  if (o.desconto_premio > 0) frases.push('O prémio usado voltou à sua conta.')
  return frases
}

/** A cancelled order on its confirmation: the reason, and what comes back. */
export function EncomendaCancelada({ o }: { o: EncomendaCliente }) {
  return (
    <>
      {o.motivo && <p>{o.motivo}</p>}
      {devolvidoAoCliente(o).map((frase) => (
        <p key={frase} className="chk-devolvido">
          {frase}
        </p>
      ))}
    </>
  )
}
