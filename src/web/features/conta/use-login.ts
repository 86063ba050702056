import type { z } from 'zod'
import type { LoginSchema } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateDataCall } from './use-private-call.ts'

export const useLogin = () => usePrivateDataCall<z.output<typeof LoginSchema>>(() => paths.login)
