import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { HashResponse, SignupSchema } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'

export const useRegisto = () =>
  useMutation({ mutationFn: (body: z.output<typeof SignupSchema>) => apiPost<HashResponse>(paths.signup, body) })
