import type { RgpdComunicacaoSchema } from '../../../shared/rgpd.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { CheckboxField } from '../../ui/Field.tsx'
import { ModalLink, RouteModal, useModalNavigate } from '../../ui/modal-route.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { textos } from './textos.ts'
import { useComunicacao } from './use-comunicacao.ts'

const loadComunicacaoSchema = (): Promise<typeof RgpdComunicacaoSchema> =>
  import('../../../shared/rgpd.ts').then((m) => m.RgpdComunicacaoSchema)

/** The communication consent (spec §2, §7): one box, bound to the account's `comunicacao`. */
export function RgpdComunicacaoPage() {
  const comunicacao = usePrivateData().data?.user.data?.comunicacao === true
  return (
    <RouteModal title="Consentimento de comunicações">
      <ComunicacaoForm comunicacao={comunicacao} />
      <ul className="modal-links">
        <li>
          <ModalLink to={paths.rgpd}>Voltar a Gerir RGPD</ModalLink>
        </li>
      </ul>
    </RouteModal>
  )
}

const ComunicacaoForm = deferredForm(function ComunicacaoForm({ comunicacao }: { comunicacao: boolean }) {
  const guardar = useComunicacao()
  const modalNavigate = useModalNavigate()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadComunicacaoSchema,
    defaultValues: { comunicacao },
    submit: (values) => guardar.mutateAsync(values),
    // Back to the hub, which shows the choice as it now is.
    onSuccess: () =>
      submission.showDialog({
        title: 'Sucesso',
        message: textos.comunicacaoAtualizada,
        afterClose: () => modalNavigate(paths.rgpd),
      }),
  })
  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">
          Escolha se quer receber do grupo novidades e campanhas, por email e notificação. Pode mudar de ideias quando
          quiser.
        </p>
        <CheckboxField error={errorOf('comunicacao')} {...form.register('comunicacao')}>
          Aceito receber comunicações do grupo (novidades e campanhas)
        </CheckboxField>
        <div className="form-actions">
          <button type="submit" className="button">
            Submeter
          </button>
        </div>
      </form>
      {submission.feedback}
    </>
  )
})
