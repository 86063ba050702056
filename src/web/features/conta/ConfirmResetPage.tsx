import { useNavigate, useParams } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { RouteModal, useModalNavigate } from '../../ui/modal-route.tsx'
import { SmsCodeForm } from './SmsCodeForm.tsx'
import { useConfirmarReset } from './use-confirmar-reset.ts'
import { useNumeroEnviado } from './use-numero-enviado.ts'

export function ConfirmResetPage() {
  const { hash = '' } = useParams()
  const confirmar = useConfirmarReset()
  const navigate = useNavigate()
  const openModal = useModalNavigate()
  const numero = useNumeroEnviado()
  return (
    <RouteModal title="Recuperar password">
      <SmsCodeForm
        hash={hash}
        numero={numero}
        // Whether the number has an account is not said: recovery must not tell who is a customer.
        intro={
          <p>
            Se o número {numero ? `${numero} ` : ''}tiver uma conta, enviámos-lhe um código por SMS. Introduza-o para
            definir uma nova password.
          </p>
        }
        confirm={confirmar.mutateAsync}
        // The account is now temporary: the personal data form asks for the new password (spec §4).
        onConfirmed={() => void navigate(paths.alterarDadosPessoais, { replace: true })}
        restart={() => openModal(paths.reset)}
      />
    </RouteModal>
  )
}
