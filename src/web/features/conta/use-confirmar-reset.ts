import { href, paths } from '../../../shared/routes.ts'
import { usePrivateDataCall } from './use-private-call.ts'

export const useConfirmarReset = () =>
  usePrivateDataCall<{ hash: string; codigo: string }>(
    ({ hash }) => href(paths.confirmReset, { hash }),
    ({ codigo }) => ({ codigo }),
  )
