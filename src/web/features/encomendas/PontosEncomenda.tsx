import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { convidadoTextos } from '../../../shared/convidado-textos.ts'
import type { FinalizaResposta } from '../../../shared/encomenda.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'
import { esquecerPontosPendentes, lembrarPontosPendentes, pontosPendentes } from '../../lib/pontos-pendentes.ts'
import { usePrivateData, useSetPrivateData } from '../../lib/private-data.ts'
import { leaveForm } from '../../lib/return-trip.ts'
import { useConvidado } from './convidado.ts'
import { encomendasKeys } from './keys.ts'

/**
 * The confirmation's points (spec §2 "Confirmation"): those the order gained and the customer's points/threshold. A
 * guest's paid order gained none yet: 'Guardar os pontos desta compra' takes them to the sign-up with the order's phone,
 * and back here once the account is complete, where the order's purchase is written to it, once (decision 0050).
 * Loaded once the order's state shows (the confirmation's first load is at its budget).
 */
export function PontosEncomenda({ o }: { o: EncomendaCliente }) {
  const user = usePrivateData().data?.user
  const conta = user?.loggedIn ? user.data : null
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const setPrivateData = useSetPrivateData()
  const convidado = useConvidado(o.convidado && !conta).data?.convidado
  const guardar = useMutation({
    mutationFn: () => apiPost<FinalizaResposta>(`/api/encomendas/${o.orderId}/guardar-pontos`, { value: true }),
    onSuccess: ({ orderData, privateData }) => {
      setPrivateData(privateData)
      queryClient.setQueryData(encomendasKeys.encomenda(o.orderId), orderData)
    },
    onSettled: () => esquecerPontosPendentes(),
  })
  // Back from the sign-up made for this order: its points are asked for at once.
  const aGuardar = o.convidado && o.pago && conta !== null && pontosPendentes() === o.orderId
  const { mutate, isIdle } = guardar
  useEffect(() => {
    if (aGuardar && isIdle) mutate()
  }, [aGuardar, isIdle, mutate])

  function pedir() {
    if (conta) return guardar.mutate()
    lembrarPontosPendentes(o.orderId)
    // The sign-up's form opens with the order's phone.
    if (convidado) leaveForm(paths.signup, paths.signup, { telemovel: convidado.telemovel, pais: convidado.pais })
    void navigate(paths.signup)
  }

  return (
    <section className="chk-painel" aria-labelledby="chk-pontos-titulo" aria-busy={guardar.isPending}>
      <h2 id="chk-pontos-titulo">Pontos</h2>
      {o.convidado ? (
        // Its points are kept once it is paid (a card or a reference may still be on its way).
        o.pago && (
          <>
            <p>
              {conta
                ? 'Este pedido foi feito sem conta. Guarde os seus pontos na conta que criou com o telemóvel do pedido.'
                : 'Este pedido foi feito sem conta. Crie uma conta com o telemóvel do pedido e guarde os pontos desta compra.'}
            </p>
            <div className="form-actions">
              <button type="button" className="button" onClick={pedir} disabled={guardar.isPending}>
                {convidadoTextos.guardarPontos}
              </button>
            </div>
            {guardar.isPending && <p role="status">A guardar os pontos…</p>}
            {guardar.error && (
              <p role="alert" className="chk-falta">
                {guardar.error.message}
              </p>
            )}
          </>
        )
      ) : (
        <dl className="chk-totais">
          <div>
            <dt>Pontos ganhos</dt>
            <dd>{o.pointsAdded}</dd>
          </div>
          {conta && (
            <div>
              <dt>Pontos acumulados</dt>
              <dd>
                {conta.pontos}/{conta.patamar}
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  )
}
