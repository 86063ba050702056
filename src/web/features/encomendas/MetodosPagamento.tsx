import { formatMoney } from '../../../shared/format.ts'
import { type MetodoPagamento, NOME_METODO } from '../../../shared/metodos-pagamento.ts'

/** The checkout's choice of payment method (Checkout.tsx). */

/** Why nothing can be paid: the store offers no method this device can use. */
export const SEM_METODOS = 'Esta loja não tem agora nenhum método de pagamento disponível neste dispositivo.'

/** The methods to choose from, as radio buttons (only when there is more than one). */
export function MetodosPagamento({
  metodos,
  metodo,
  onChange,
}: {
  metodos: MetodoPagamento[]
  metodo: MetodoPagamento
  onChange: (m: MetodoPagamento) => void
}) {
  return (
    <fieldset className="radio-group chk-metodos">
      <legend>Método de pagamento</legend>
      {metodos.map((m) => (
        <label key={m}>
          <input type="radio" name="metodo" value={m} checked={metodo === m} onChange={() => onChange(m)} />
          {NOME_METODO[m]}
        </label>
      ))}
    </fieldset>
  )
}

/** What the chosen method does, in one sentence. */
export function NotaMetodo({ metodo, total }: { metodo: MetodoPagamento; total: number }) {
  const valor = formatMoney(total)
  if (metodo === 'mbway') {
    return (
      <p className="chk-nota">
        Paga {valor} com <strong>MB WAY</strong>: o pedido de pagamento é enviado para este telemóvel.
      </p>
    )
  }
  if (metodo === 'multibanco') {
    return (
      <p className="chk-nota">
        Paga {valor} por <strong>Multibanco</strong>: recebe uma referência para pagar hoje num caixa ou na app do seu
        banco. A encomenda segue para a cozinha quando o pagamento for recebido.
      </p>
    )
  }
  return (
    <p className="chk-nota">
      Paga {valor} com <strong>{NOME_METODO[metodo]}</strong> na página segura de pagamento, e volta aqui.
    </p>
  )
}
