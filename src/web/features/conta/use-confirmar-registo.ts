import { href, paths } from '../../../shared/routes.ts'
import { usePrivateDataCall } from './use-private-call.ts'

export const useConfirmarRegisto = () =>
  usePrivateDataCall<{ hash: string; codigo: string }>(
    ({ hash }) => href(paths.confirmSignup, { hash }),
    ({ codigo }) => ({ codigo }),
  )
