import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AlterarPasswordSchema } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'

export const useAlterarPassword = () =>
  useMutation({
    mutationFn: (body: z.output<typeof AlterarPasswordSchema>) => apiPost<null>(paths.alterarPassword, body),
  })
