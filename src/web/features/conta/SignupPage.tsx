import { useState } from 'react'
import { Link } from 'react-router'
import { DEFAULT_PAIS, TERMOS_TAG } from '../../../shared/constants.ts'
import type { SignupInput, SignupSchema } from '../../../shared/conta.ts'
import { href, paths } from '../../../shared/routes.ts'
import { leaveForm, takeFormValues } from '../../lib/return-trip.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { CheckboxField } from '../../ui/Field.tsx'
import { ModalLink, RouteModal, useModalNavigate } from '../../ui/modal-route.tsx'
import { PhoneField, phoneFieldProps } from '../../ui/PhoneField.tsx'

const loadSignupSchema = (): Promise<typeof SignupSchema> =>
  import('../../../shared/conta.ts').then((m) => m.SignupSchema)

import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { comNumeroEnviado } from './numero-enviado.ts'
import { useRegisto } from './use-registo.ts'

export function SignupPage() {
  // Back from reading the terms: what was typed before.
  const [initial] = useState<Partial<SignupInput>>(
    () => takeFormValues<Partial<SignupInput>>(paths.signup) ?? { telemovel: '', pais: DEFAULT_PAIS },
  )
  return (
    <RouteModal title="Criar conta">
      <SignupForm initial={initial} />
      <ul className="modal-links">
        <li>
          Já tem conta? <ModalLink to={paths.login}>Iniciar sessão</ModalLink>
        </li>
      </ul>
    </RouteModal>
  )
}

const SignupForm = deferredForm(function SignupForm({ initial }: { initial: Partial<SignupInput> }) {
  const registo = useRegisto()
  const openModal = useModalNavigate()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadSignupSchema,
    defaultValues: initial,
    submit: (values) => registo.mutateAsync(values),
    onSuccess: ({ hash }, values) =>
      openModal(href(paths.confirmSignup, { hash }), { replace: true, ...comNumeroEnviado(values) }),
  })
  const { register } = form
  const termsPath = href(paths.informacaoLegalConteudoSignup, { conteudo: TERMOS_TAG })
  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">
          Indique o seu número de telemóvel. Vamos enviar-lhe um código por SMS para o confirmar.
        </p>
        <PhoneField label="Telemóvel" {...phoneFieldProps(form, errorOf, 'telemovel', 'pais')} />
        <CheckboxField error={errorOf('termos')} {...register('termos')}>
          Li e aceito os{' '}
          <Link to={termsPath} onClick={() => leaveForm(paths.signup, termsPath, form.getValues())}>
            Termos e Condições
          </Link>
        </CheckboxField>
        <div className="form-actions">
          <button type="submit" className="button">
            Criar conta
          </button>
        </div>
      </form>
      {submission.feedback}
    </>
  )
})
