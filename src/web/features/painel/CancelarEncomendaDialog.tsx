import { type FormEvent, useId, useRef, useState } from 'react'
import { enumerar } from '../../../shared/enumerar.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { EncomendaLoja } from '../../../shared/pedido.ts'
import { mensagens } from '../../../shared/validacao.ts'
import { ApiError } from '../../lib/api.ts'
import { Field } from '../../ui/Field.tsx'
import { useNativeModal } from '../../ui/native-dialog.ts'
import { useBusy } from '../../ui/use-busy.ts'

/** The longest reason the server keeps (STORE-API.md `cancelar` `{motivo}`). */
export const MOTIVO_MAX = 300

/** Reasons staff give most often, one tap each (the field can still be changed). */
const SUGESTOES = ['Produto esgotado', 'Loja sem condições para preparar', 'A loja vai fechar']

/** What the customer gets back, said before staff confirm. */
export function devolucao(o: Pick<EncomendaLoja, 'nome' | 'valor_pago' | 'desconto' | 'desconto_premio'>): string {
  const partes = [
    o.valor_pago > 0 ? `${formatMoney(o.valor_pago)} por MB WAY` : null,
    o.desconto > 0 ? `${formatMoney(o.desconto)} de saldo` : null,
    o.desconto_premio > 0 ? 'o prémio usado' : null,
  ].filter((p) => p !== null)
  const quem = o.nome.trim() || 'o cliente'
  return partes.length > 0
    ? `A encomenda não vai ser feita: são devolvidos a ${quem} ${enumerar(partes)}.`
    : `A encomenda não vai ser feita e ${quem} recebe o aviso.`
}

interface CancelarEncomendaDialogProps {
  encomenda: EncomendaLoja
  /** Sends the cancellation (the board knows how); resolves once it is done, rejects with the server's answer. */
  onConfirmar: (motivo: string) => Promise<unknown>
  onClose: () => void
  /** A failure to say in the error dialog; `fechar` also closes this one (the order is no longer there to cancel). */
  onErro: (error: unknown, afterClose?: () => void) => void
}

/**
 * A paid order the store cannot make: the reason (required; the customer is told it), then 'Cancelar encomenda'. The
 * customer gets back what they paid by MB WAY and the balance they used.
 */
export function CancelarEncomendaDialog({ encomenda: o, onConfirmar, onClose, onErro }: CancelarEncomendaDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const motivoRef = useRef<HTMLInputElement>(null)
  const titleId = useId()
  const descId = useId()
  const [motivo, setMotivo] = useState('')
  const [erro, setErro] = useState<string | undefined>()
  const { busy: aEnviar, pending: aEnviarPendente, run } = useBusy()
  const running = useRef(false)
  // Not while the request runs: its answer decides what the dialog shows next.
  useNativeModal(
    ref,
    () => {
      if (!running.current) onClose()
    },
    () => motivoRef.current,
  )

  const escolher = (texto: string) => {
    setMotivo(texto)
    setErro(undefined)
    motivoRef.current?.focus()
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (running.current) return
    const texto = motivo.trim()
    if (!texto) {
      setErro(mensagens.obrigatorio)
      motivoRef.current?.focus()
      return
    }
    setErro(undefined)
    running.current = true
    try {
      await run(() => onConfirmar(texto))
      running.current = false
      onClose()
    } catch (error) {
      running.current = false
      const field = error instanceof ApiError ? error.fields?.motivo : undefined
      if (field) {
        setErro(field)
        motivoRef.current?.focus()
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        // Ready or cancelled meanwhile (409), or gone (404): nothing left to cancel here; the board reads it again.
        onClose()
        onErro(error)
      } else {
        onErro(error, () => motivoRef.current?.focus())
      }
    }
  }

  return (
    <dialog
      ref={ref}
      className="modal painel-dialogo"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descId}
    >
      <div className="modal-body">
        <form className="painel-form" noValidate onSubmit={onSubmit} aria-busy={aEnviar}>
          <h2 id={titleId}>Cancelar o pedido {o.codigo}</h2>
          <p id={descId} className="painel-cancelar-aviso">
            {devolucao(o)}
          </p>
          <Field
            ref={motivoRef}
            name="motivo"
            label="Motivo"
            autoComplete="off"
            required
            maxLength={MOTIVO_MAX}
            hint="O cliente lê este motivo na app."
            value={motivo}
            error={erro}
            onChange={(e) => {
              setMotivo(e.target.value)
              if (erro) setErro(undefined)
            }}
          />
          <fieldset className="painel-sugestoes">
            <legend>Motivos frequentes</legend>
            {SUGESTOES.map((s) => (
              <button
                key={s}
                type="button"
                className="painel-sugestao"
                aria-pressed={motivo === s}
                disabled={aEnviarPendente}
                onClick={() => escolher(s)}
              >
                {s}
              </button>
            ))}
          </fieldset>
          <div className="dialog-buttons">
            <button type="button" className="button button-secondary" onClick={onClose} disabled={aEnviarPendente}>
              Voltar
            </button>
            <button type="submit" className="button painel-botao-perigo" disabled={aEnviarPendente}>
              {aEnviar ? 'A cancelar…' : 'Cancelar encomenda'}
            </button>
          </div>
        </form>
      </div>
    </dialog>
  )
}
