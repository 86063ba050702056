import type { PrivateData } from '../../shared/conta.ts'

/** Whether the account may have something to say (AvisosConta decides what): only then is its chunk asked for. */
export const temAvisosConta = (data: PrivateData): boolean =>
  Boolean(data.fimDeSessao || data.user.data?.termosPorAceitar?.length)
