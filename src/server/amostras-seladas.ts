import { umTotpSelado } from './features/admin/totp-selado.ts'
import { umCodigoSelado } from './features/conta/codigo-selado.ts'
import type { AmostraSelada } from './platform/chave-dados.ts'

/** Where the data key is first checked on a database without its check value: a staff TOTP secret, else a security code. */
export const AMOSTRAS_SELADAS: readonly AmostraSelada[] = [umTotpSelado, umCodigoSelado]
