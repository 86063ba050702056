import { createDesafios } from './challenges.ts'
import { createClientesConta } from './clientes.ts'
import { type ContaDeps, createContaContext } from './context.ts'
import { createConvidadoConta } from './convidado.ts'
import { createDireitosConta } from './direitos.ts'
import { createGestaoConta } from './gestao.ts'
import { createAcesso } from './login.ts'
import { createPerfil } from './profile.ts'
import { createProvisorios } from './provisional.ts'

import { createRelatorioConta } from './relatorio.ts'
import { createTermosConta } from './termos.ts'

export { type ClienteConta, type ClientesConta, createClientesConta } from './clientes.ts'
export { type AbrirSessao, CONTA_LIMITES, type ContaDeps, contaMensagens } from './context.ts'
export type { PessoaEsquecida, VersoesLegais } from './direitos.ts'
export { type ClienteGestao, gestaoContaMensagens, type Registo } from './gestao.ts'
export { type ParteDaConta, toUserData } from './profile.ts'
export { upgradeLegacySecurityKeys } from './security-key.ts'

/**
 * The account feature's one service, composed of its sub-domains: SMS challenges, getting in (sign-up, login,
 * recovery), the customer's own profile, provisional accounts made at the till, and the look-ups other features use.
 * It asks no other feature for anything: the customer's private data, which needs loyalty and ordering too, is composed
 * outside it (features/dados-privados).
 */
export function createContaService(deps: ContaDeps) {
  const ctx = createContaContext(deps)
  const desafios = createDesafios(ctx)
  const { resend, purgeOldChallenges, listOutbox } = desafios
  return {
    ...createAcesso(ctx, desafios),
    ...createPerfil(ctx, desafios),
    ...createProvisorios(ctx),
    ...createClientesConta(deps.db),
    ...createTermosConta(ctx),
    ...createConvidadoConta(ctx, desafios),
    direitos: createDireitosConta(ctx),
    relatorio: createRelatorioConta(deps.db),
    /** The back-office's look-ups and changes (features/admin). */
    gestao: createGestaoConta(ctx),
    resend,
    /** The SMS alarm by country, for the metrics (decision 0054). */
    smsAlarmePorPais: () => ctx.destinosSms.alarmePorPais(),
    purgeOldChallenges,
    listOutbox,
  }
}

export type ContaService = ReturnType<typeof createContaService>
