import { href, paths } from '../../../shared/routes.ts'
import { usePrivateDataCall } from './use-private-call.ts'

export const useConfirmarTelemovel = () =>
  usePrivateDataCall<{ hash: string; codigo: string }>(
    ({ hash }) => href(paths.confirmPhoneChange, { hash }),
    ({ codigo }) => ({ codigo }),
  )
