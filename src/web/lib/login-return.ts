/**
 * The screen a guest opened before being sent to log in (a login-required screen, e.g. the link of a GDPR request
 * e-mail): carried in the login's history state, `{ retorno: '/rgpd/esquecimento/…' }`, so that logging in goes back
 * there instead of to the profile. In the history entry only: a reload of the login keeps it, any other way in (the
 * profile's 'Iniciar sessão', sign-up, recovery) starts without it.
 */
export interface LoginReturnState {
  retorno: string
}

export const loginReturnState = (path: string): LoginReturnState => ({ retorno: path })

/** Where to go after logging in, if the login was asked for by a screen: an app path (never another origin). */
export function loginReturnOf(location: { state: unknown }): string | undefined {
  const retorno = (location.state as Partial<LoginReturnState> | null)?.retorno
  return typeof retorno === 'string' && retorno.startsWith('/') && !retorno.startsWith('//') ? retorno : undefined
}
