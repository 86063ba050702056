import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { RouteModal, useModalNavigate } from '../../ui/modal-route.tsx'
import { SmsCodeForm } from './SmsCodeForm.tsx'
import { useConfirmarTelemovel } from './use-confirmar-telemovel.ts'
import { useNumeroEnviado } from './use-numero-enviado.ts'

export function ConfirmPhoneChangePage() {
  const { hash = '' } = useParams()
  const confirmar = useConfirmarTelemovel()
  const navigate = useNavigate()
  const openModal = useModalNavigate()
  const [done, setDone] = useState(false)
  const numero = useNumeroEnviado()
  return (
    <RouteModal title="Confirmar novo telemóvel">
      <SmsCodeForm
        hash={hash}
        numero={numero}
        intro={
          <p>
            Enviámos um código por SMS para o novo número{numero ? `, ${numero}` : ''}. Introduza-o para concluir a
            alteração.
          </p>
        }
        confirm={confirmar.mutateAsync}
        onConfirmed={() => {
          // The server gave this device a new session: its event stream and push subscription move to it.
          // The stream's client is fetched here only when the app is following one (it is already loaded then).
          void import('../../lib/eventos.ts').then((eventos) => eventos.sessaoRenovada())
          setDone(true)
        }}
        restart={() => openModal(paths.alterarTelemovel)}
      />
      {done && (
        <Dialog
          title="Sucesso"
          message="Telemóvel alterado com sucesso"
          onClose={() => void navigate(paths.perfil, { replace: true })}
        />
      )}
    </RouteModal>
  )
}
