import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { HashResponse, ResetSchema } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'

export const useReset = () =>
  useMutation({ mutationFn: (body: z.output<typeof ResetSchema>) => apiPost<HashResponse>(paths.reset, body) })
