import { useNavigate, useParams } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { RouteModal, useModalNavigate } from '../../ui/modal-route.tsx'
import { SmsCodeForm } from './SmsCodeForm.tsx'
import { useConfirmarRegisto } from './use-confirmar-registo.ts'
import { useNumeroEnviado } from './use-numero-enviado.ts'

export function ConfirmSignupPage() {
  const { hash = '' } = useParams()
  const confirmar = useConfirmarRegisto()
  const navigate = useNavigate()
  const openModal = useModalNavigate()
  const numero = useNumeroEnviado()
  return (
    <RouteModal title="Confirmar telemóvel">
      <SmsCodeForm
        hash={hash}
        numero={numero}
        intro={
          <p>
            Enviámos um código por SMS para {numero ? `o número ${numero}` : 'o seu telemóvel'}. Introduza-o para
            concluir o registo.
          </p>
        }
        confirm={confirmar.mutateAsync}
        // A new account completes its personal data first (spec §4).
        onConfirmed={() => void navigate(paths.alterarDadosPessoais, { replace: true })}
        restart={() => openModal(paths.signup)}
      />
    </RouteModal>
  )
}
