import type { z } from 'zod'
import type { dadosPessoaisSchema } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateDataCall } from './use-private-call.ts'

/** The parsed form (optional fields as null); the server parses it again with the same schema. */
export const useDadosPessoais = () =>
  usePrivateDataCall<z.output<ReturnType<typeof dadosPessoaisSchema>>>(() => paths.alterarDadosPessoais)
