import { useId } from 'react'
import type { Calculo } from '../../../shared/encomenda.ts'
import { levantamentoTextos } from '../../../shared/levantamento.ts'
import { ApiError } from '../../lib/api.ts'

/** What the checkout reads of a slot chosen: absent from the offer (full or past), it has to be chosen again. */
export const horarioEmFalta = (opcoes: Calculo['levantamento'], levantar: string | null) =>
  levantar !== null && !opcoes.horarios.some((h) => h.em === levantar)

/**
 * The checkout's answer refused the pick-up time (the slot filled or passed, or the store closes first): the offer is
 * read again. Only then: after an answer that never came, the same slot is kept, so that sending again is the same
 * order (its Idempotency-Key), never a second one.
 */
export const recusaDoHorario = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.status === 422) && Boolean(error.fields?.levantar_em)

/** Nothing can be ordered now: the store closes before the order could be ready, and no slot is left. */
export const semLevantamento = (opcoes: Calculo['levantamento']) =>
  opcoes.aviso !== null && opcoes.horarios.length === 0

/**
 * 'Levantar' (decision 0044): 'O mais cedo possível', with the minutes it promises now, or a 15-minute slot of today
 * the store still has room in, chosen from a list. A slot that left the offer (filled, or now too close) says so
 * and waits for another choice; when the store closes before the order could be ready, only a slot remains.
 */
export function Levantamento({
  opcoes,
  levantar,
  onChange,
}: {
  opcoes: Calculo['levantamento']
  levantar: string | null
  onChange: (em: string | null) => void
}) {
  const id = useId()
  const { horarios, aviso, minutos } = opcoes
  const emFalta = horarioEmFalta(opcoes, levantar)
  const marcado = levantar !== null
  if (semLevantamento(opcoes)) {
    return (
      <fieldset className="radio-group chk-levantar">
        <legend>{levantamentoTextos.legenda}</legend>
        <p className="field-error" role="alert">
          {aviso}
        </p>
      </fieldset>
    )
  }
  return (
    <fieldset className="radio-group chk-levantar">
      <legend>{levantamentoTextos.legenda}</legend>
      <label>
        <input
          type="radio"
          name="levantar"
          value=""
          checked={!marcado && aviso === null}
          disabled={aviso !== null}
          aria-describedby={`${id}-cedo`}
          onChange={() => onChange(null)}
        />
        {levantamentoTextos.oMaisCedo}
      </label>
      <p className="field-hint" id={`${id}-cedo`}>
        {aviso ?? `Fica pronto em cerca de ${minutos} minutos.`}
      </p>
      {horarios.length > 0 || marcado ? (
        <>
          <label>
            <input
              type="radio"
              name="levantar"
              value="hora"
              checked={marcado}
              onChange={() => onChange(horarios[0]?.em ?? null)}
            />
            À hora marcada
          </label>
          {marcado && (
            <div className="field chk-levantar-hora">
              <label htmlFor={`${id}-hora`}>Hora de levantamento</label>
              <select
                id={`${id}-hora`}
                value={emFalta ? '' : levantar}
                aria-invalid={emFalta || undefined}
                aria-describedby={emFalta ? `${id}-erro` : undefined}
                onChange={(e) => onChange(e.target.value || null)}
              >
                {emFalta && <option value="">Escolha uma hora</option>}
                {horarios.map((h) => (
                  <option key={h.em} value={h.em}>
                    {h.hora}
                  </option>
                ))}
              </select>
              {emFalta && (
                <p className="field-error" id={`${id}-erro`} role="alert">
                  {levantamentoTextos.horarioInvalido}
                </p>
              )}
            </div>
          )}
        </>
      ) : (
        <p className="field-hint">{levantamentoTextos.semHorarios}</p>
      )}
    </fieldset>
  )
}
