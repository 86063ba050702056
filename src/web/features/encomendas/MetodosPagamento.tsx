import type { ReactNode } from 'react'
import { formatMoney } from '../../../shared/format.ts'
import { METODO_NA_FRASE, type MetodoPagamento, NOME_METODO } from '../../../shared/metodos-pagamento.ts'

/** The checkout's choice of payment method (Checkout.tsx). */

/** The pre-contract summary's sentence on how the order is paid (DL 24/2014, art. 4: the means of payment). */
export function comoPaga(metodo: MetodoPagamento): string {
  if (metodo === 'multibanco') return 'Paga por referência Multibanco, que recebe ao finalizar.'
  return `Paga com ${METODO_NA_FRASE[metodo]} ao finalizar.`
}

/** Why nothing can be paid: the store offers no method this device can use. */
export const SEM_METODOS = 'Esta loja não tem agora nenhum método de pagamento disponível neste dispositivo.'

/**
 * The checkout's 'Pagamento': the methods to choose from (when there is more than one), what the chosen one does, and
 * the phone (`children`), which MB WAY asks to pay.
 */
export function SecaoPagamento({
  total,
  metodos,
  metodo,
  onChange,
  children,
}: {
  total: number
  metodos: MetodoPagamento[]
  metodo: MetodoPagamento | null
  onChange: (m: MetodoPagamento) => void
  children: ReactNode
}) {
  return (
    <fieldset className="form-group chk-grupo">
      <legend>Pagamento</legend>
      {total > 0 && metodos.length > 1 && metodo && (
        <MetodosPagamento metodos={metodos} metodo={metodo} onChange={onChange} />
      )}
      {total > 0 ? (
        metodo && <NotaMetodo metodo={metodo} total={total} />
      ) : (
        <p className="chk-nota">O seu saldo paga esta encomenda: não há nada a pagar.</p>
      )}
      {children}
    </fieldset>
  )
}

/** The methods to choose from, as radio buttons. */
function MetodosPagamento({
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
function NotaMetodo({ metodo, total }: { metodo: MetodoPagamento; total: number }) {
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
        Paga {valor} por <strong>Multibanco</strong>: recebe uma referência para pagar hoje numa caixa Multibanco ou na
        app do seu banco. A encomenda segue para a cozinha quando o pagamento for recebido.
      </p>
    )
  }
  return (
    <p className="chk-nota">
      Paga {valor} com <strong>{NOME_METODO[metodo]}</strong> na página segura de pagamento, e volta aqui.
    </p>
  )
}
