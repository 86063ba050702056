import { useLocation, useNavigate } from 'react-router'
import { DEFAULT_PAIS } from '../../../shared/constants.ts'
import type { LoginSchema } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { loginReturnOf } from '../../lib/login-return.ts'
import { useSetPrivateData } from '../../lib/private-data.ts'
import { deferredForm, useDeferredApiForm } from '../../ui/deferred-form.tsx'
import { Field } from '../../ui/Field.tsx'
import { ModalLink, RouteModal } from '../../ui/modal-route.tsx'
import { NO_NATIVE_SUBMIT } from '../../ui/no-native-submit.ts'
import { PhoneField, phoneFieldProps } from '../../ui/PhoneField.tsx'
import { useLogin } from './use-login.ts'

const loadLoginSchema = (): Promise<typeof LoginSchema> => import('../../../shared/conta.ts').then((m) => m.LoginSchema)

export function LoginPage() {
  return (
    <RouteModal title="Iniciar sessão">
      <LoginForm />
      <ul className="modal-links">
        <li>
          <ModalLink to={paths.reset}>Esqueceu-se da password?</ModalLink>
        </li>
        <li>
          Ainda não tem conta? <ModalLink to={paths.signup}>Criar conta</ModalLink>
        </li>
      </ul>
    </RouteModal>
  )
}

const LoginForm = deferredForm(function LoginForm() {
  const login = useLogin()
  const navigate = useNavigate()
  // Sent here by a login-required screen (a guard, an e-mailed link): back there, rather than to the profile.
  const retorno = loginReturnOf(useLocation())
  const setPrivateData = useSetPrivateData()
  const { form, onSubmit, errorOf, submission } = useDeferredApiForm({
    schema: loadLoginSchema,
    defaultValues: { telemovel: '', pais: DEFAULT_PAIS, password: '' },
    submit: (values) => login.mutateAsync(values),
    onSuccess: (data) => {
      setPrivateData(data)
      void navigate(retorno ?? paths.perfil, { replace: true })
    },
  })
  const { register } = form
  return (
    <>
      <form {...NO_NATIVE_SUBMIT} className="form" onSubmit={onSubmit} noValidate>
        <PhoneField
          label="Telemóvel"
          {...phoneFieldProps(form, errorOf, 'telemovel', 'pais')}
          autoComplete="username"
        />
        <Field
          label="Password"
          type="password"
          inputMode="numeric"
          autoComplete="current-password"
          error={errorOf('password')}
          {...register('password')}
        />
        <div className="form-actions">
          <button type="submit" className="button">
            Entrar
          </button>
        </div>
      </form>
      {submission.feedback}
    </>
  )
})
