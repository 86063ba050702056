import type { RgpdEmailSchema, TipoPedidoRgpd } from '../../../shared/rgpd.ts'
import { paths } from '../../../shared/routes.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { Field } from '../../ui/Field.tsx'
import { ModalLink, RouteModal, useCloseModal } from '../../ui/modal-route.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { LINK_HORAS, textos } from './textos.ts'
import { usePedir } from './use-pedir.ts'

/** 'Quero ser esquecido' (spec §2, modal): the account's e-mail, to which the link that confirms the erasure goes. */
export function RgpdEsquecimentoPage() {
  return (
    <RouteModal title="Quero ser esquecido">
      <div className="rgpd-intro">
        <p className="form-intro">
          Pode pedir que a sua conta e os seus dados pessoais sejam eliminados. Para confirmar que o pedido é seu,
          enviamos um link para o email da sua conta: ao abri-lo, vê o que acontece à conta antes de confirmar.
        </p>
        <p className="form-note">O link é válido durante {LINK_HORAS} horas e só pode ser usado uma vez.</p>
      </div>
      <PedidoForm tipo="esquecimento" />
      <ul className="modal-links">
        <li>
          <ModalLink to={paths.rgpd}>Voltar a Gerir RGPD</ModalLink>
        </li>
      </ul>
    </RouteModal>
  )
}

/** 'Quero transferir os meus dados' (spec §2, modal): the account's e-mail, to which the download link goes. */
export function RgpdPortabilidadePage() {
  return (
    <RouteModal title="Quero transferir os meus dados">
      <div className="rgpd-intro">
        <p className="form-intro">
          Pode receber uma cópia dos dados que o grupo guarda sobre si, num ficheiro (JSON) que outro serviço consegue
          ler. Enviamos para o email da sua conta um link para o transferir.
        </p>
        <p className="form-note">O link é válido durante {LINK_HORAS} horas e só pode ser usado uma vez.</p>
      </div>
      <PedidoForm tipo="portabilidade" />
      <ul className="modal-links">
        <li>
          <ModalLink to={paths.rgpd}>Voltar a Gerir RGPD</ModalLink>
        </li>
      </ul>
    </RouteModal>
  )
}

const loadEmailSchema = (): Promise<typeof RgpdEmailSchema> =>
  import('../../../shared/rgpd.ts').then((m) => m.RgpdEmailSchema)

/**
 * The e-mail of a GDPR request (spec §5: required, valid). The answer is the same whatever the address (spec §8), so
 * that the form says nothing about the account's; the link goes only to the account's own.
 */
const PedidoForm = deferredForm(function PedidoForm({ tipo }: { tipo: TipoPedidoRgpd }) {
  const pedir = usePedir(tipo)
  const close = useCloseModal()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadEmailSchema,
    defaultValues: { email: '' },
    submit: (values) => pedir.mutateAsync(values),
    onSuccess: () => submission.showDialog({ title: 'Sucesso', message: textos.instrucoesEnviadas, afterClose: close }),
  })
  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <Field
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          hint="O email da sua conta, para onde enviamos o link."
          error={errorOf('email')}
          {...form.register('email')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Enviar pedido
          </button>
        </div>
      </form>
      {submission.feedback}
    </>
  )
})
