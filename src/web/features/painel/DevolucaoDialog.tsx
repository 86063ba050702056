import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { formatMoney, pontosLabel } from '../../../shared/format.ts'
import { ApiError } from '../../lib/api.ts'
import { Field } from '../../ui/Field.tsx'
import { useNativeModal } from '../../ui/native-dialog.ts'
import { useBusy } from '../../ui/use-busy.ts'
import { centsToInput, eurosError, parseEuros } from './money.ts'
import type { CompraRecente } from './use-compras.ts'
import { type Devolucao, useDevolver } from './use-devolver.ts'

interface DevolucaoDialogProps {
  compra: CompraRecente
  onClose: () => void
  onErro: (error: unknown, afterClose?: () => void) => void
}

/**
 * A refund of one purchase: the amount (what is left to refund, unless changed: partial refunds are allowed), then what
 * the refund took back (credit, points) and gave back (balance used), and what could not be recovered.
 */
export function DevolucaoDialog({ compra, onClose, onErro }: DevolucaoDialogProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const valorRef = useRef<HTMLInputElement>(null)
  const fecharRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const [valor, setValor] = useState(centsToInput(compra.por_devolver))
  const [erro, setErro] = useState<string | undefined>()
  const [resultado, setResultado] = useState<Devolucao | null>(null)
  const devolver = useDevolver(compra.id)
  const running = useRef(false)
  const { busy: aDevolver, pending: aDevolverPendente, run } = useBusy()
  // Not while the request runs: its answer decides what the dialog shows next.
  useNativeModal(
    ref,
    () => {
      if (!running.current) onClose()
    },
    () => valorRef.current,
  )

  useEffect(() => {
    if (resultado) fecharRef.current?.focus()
  }, [resultado])

  // Paid wholly with balance: nothing was paid to take a part of; the refund gives the balance used back, whole.
  const soSaldo = compra.valor_pago === 0

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (running.current) return
    const parsed = soSaldo ? ({ ok: true, cents: 0 } as const) : parseEuros(valor)
    let mensagem = eurosError(parsed)
    if (!soSaldo && parsed.ok && parsed.cents <= 0) mensagem = 'O valor tem de ser maior que 0.'
    else if (parsed.ok && parsed.cents > compra.por_devolver) {
      mensagem = `O valor excede o que falta devolver desta compra (${formatMoney(compra.por_devolver)}).`
    }
    setErro(mensagem)
    if (mensagem || !parsed.ok) {
      valorRef.current?.focus()
      return
    }
    running.current = true
    try {
      setResultado(await run(() => devolver.mutateAsync(parsed.cents)))
    } catch (error) {
      const field = error instanceof ApiError ? error.fields?.valor : undefined
      if (field) {
        setErro(field)
        valorRef.current?.focus()
      } else {
        onErro(error, () => valorRef.current?.focus())
      }
    } finally {
      running.current = false
    }
  }

  const t = resultado?.transacao
  return (
    <dialog ref={ref} className="modal painel-dialogo" aria-modal="true" aria-labelledby={titleId}>
      <div className="modal-body">
        {t && resultado ? (
          <div role="status">
            <h2 id={titleId}>Devolução registada</h2>
            <dl className="painel-detalhe">
              <div>
                <dt>Valor devolvido</dt>
                <dd>{formatMoney(-t.valor_pago)}</dd>
              </div>
              <div>
                <dt>Crédito retirado</dt>
                <dd>{formatMoney(t.saldo_removido)}</dd>
              </div>
              <div>
                <dt>Saldo devolvido ao cliente</dt>
                <dd>{formatMoney(t.saldo_adicionado)}</dd>
              </div>
              <div>
                <dt>Pontos retirados</dt>
                <dd>{pontosLabel(-t.pontos_ganhos)}</dd>
              </div>
              <div>
                <dt>Saldo do cliente agora</dt>
                <dd>{formatMoney(t.saldo_actual)}</dd>
              </div>
            </dl>
            {resultado.aviso && (
              <div className="painel-aviso" role="note">
                <p>{resultado.aviso}</p>
              </div>
            )}
            <div className="dialog-buttons">
              <button ref={fecharRef} type="button" className="button painel-botao" onClick={onClose}>
                Fechar
              </button>
            </div>
          </div>
        ) : (
          <form className="painel-form" noValidate onSubmit={onSubmit} aria-busy={aDevolver}>
            <h2 id={titleId}>Devolver compra</h2>
            <p className="muted">
              Documento {compra.referencia ?? '—'} · {compra.data} {compra.hora} · pago {formatMoney(compra.valor_pago)}
            </p>
            {soSaldo ? (
              <p>
                {compra.itens_redimidos > 0 || compra.premios.length > 0
                  ? `Esta compra foi paga com prémio: a devolução dá ao cliente o prémio${compra.saldo_removido > 0 ? ` e os ${formatMoney(compra.saldo_removido)} de saldo usados` : ''}.`
                  : `Esta compra foi paga só com saldo: a devolução dá ao cliente os ${formatMoney(compra.saldo_removido)} de saldo usados.`}
              </p>
            ) : (
              <Field
                ref={valorRef}
                name="valor"
                label="Valor a devolver (€)"
                className="painel-valor"
                inputMode="decimal"
                autoComplete="off"
                required
                hint={`Pode devolver até ${formatMoney(compra.por_devolver)}.`}
                value={valor}
                error={erro}
                onChange={(e) => setValor(e.target.value)}
                onFocus={(e) => e.target.select()}
              />
            )}
            <div className="dialog-buttons">
              <button
                type="button"
                className="button button-secondary painel-botao"
                onClick={onClose}
                disabled={aDevolverPendente}
              >
                Cancelar
              </button>
              <button type="submit" className="button painel-botao" disabled={aDevolverPendente}>
                {aDevolver ? 'A devolver…' : 'Devolver'}
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  )
}
