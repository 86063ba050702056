import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { AlterarTelemovelSchema, HashResponse } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'

export const useAlterarTelemovel = () =>
  useMutation({
    mutationFn: (body: z.output<typeof AlterarTelemovelSchema>) => apiPost<HashResponse>(paths.alterarTelemovel, body),
  })
