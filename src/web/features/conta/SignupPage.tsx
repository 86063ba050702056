import { useState } from 'react'
import { Link } from 'react-router'
import { TERMOS_TAG } from '../../../shared/constants.ts'
import { type SignupInput, SignupSchema } from '../../../shared/conta.ts'
import { href, paths } from '../../../shared/routes.ts'
import { DEFAULT_PAIS } from '../../../shared/validacao.ts'
import { ModalLink, RouteModal, useModalNavigate } from '../../app/modal-route.tsx'
import { CheckboxField } from '../../ui/Field.tsx'
import { useApiForm } from '../../ui/form.tsx'
import { PhoneField, phoneFieldProps } from '../../ui/PhoneField.tsx'
import { useRegisto } from './use-registo.ts'

/**
 * What was typed before opening the terms (a screen of its own, spec §2), given back on return. Kept in memory only,
 * for that one trip: a phone number has no business in the device's storage.
 */
let beforeTerms: Partial<SignupInput> | null = null

export function SignupPage() {
  const registo = useRegisto()
  const openModal = useModalNavigate()
  const [initial] = useState<Partial<SignupInput>>(() => {
    const saved = beforeTerms
    beforeTerms = null
    return saved ?? { telemovel: '', pais: DEFAULT_PAIS }
  })
  const { form, onSubmit, errorOf, submission } = useApiForm({
    schema: SignupSchema,
    defaultValues: initial,
    submit: (values) => registo.mutateAsync(values),
    onSuccess: ({ hash }) => openModal(href(paths.confirmSignup, { hash }), { replace: true }),
  })
  const { register } = form
  return (
    <RouteModal title="Criar conta">
      <form className="form" onSubmit={onSubmit} noValidate>
        <p className="form-intro">
          Indique o seu número de telemóvel. Vamos enviar-lhe um código por SMS para o confirmar.
        </p>
        <PhoneField label="Telemóvel" {...phoneFieldProps(form, errorOf, 'telemovel', 'pais')} />
        <CheckboxField error={errorOf('termos')} {...register('termos')}>
          Li e aceito os{' '}
          <Link
            to={href(paths.informacaoLegalConteudoSignup, { conteudo: TERMOS_TAG })}
            onClick={() => {
              beforeTerms = form.getValues()
            }}
          >
            Termos e Condições
          </Link>
        </CheckboxField>
        <div className="form-actions">
          <button type="submit" className="button">
            Criar conta
          </button>
        </div>
      </form>
      <ul className="modal-links">
        <li>
          Já tem conta? <ModalLink to={paths.login}>Iniciar sessão</ModalLink>
        </li>
      </ul>
      {submission.feedback}
    </RouteModal>
  )
}
