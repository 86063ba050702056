import type { Generated } from 'kysely'

/** The loyalty card in the wallets (features/carteira, migration 2026-12-08T0000-carteira). */

/** A customer's card in a wallet: its serial, its sealed authentication token, its update tag. */
export interface CarteiraPassesTable {
  utilizador_id: number
  serie: string
  token_cifrado: string
  /** 1: the customer took the Google save link; its object is patched at every change. */
  google: Generated<number>
  /** The last change of what the pass shows (ISO): Apple's update tag. */
  atualizado_em: string
  criado_em: string
}

/** A device Apple Wallet registered for a pass. */
export interface CarteiraDispositivosTable {
  id: Generated<number>
  dispositivo: string
  serie: string
  push_token: string
  criado_em: string
}

/** Where an update goes: an APNs push to one device, or a patch of the customer's Google object. */
export type TipoEnvioCarteira = 'apple' | 'google'

/** One update to send (an outbox under a lease). */
export interface CarteiraEnviosTable {
  id: Generated<number>
  tipo: TipoEnvioCarteira
  serie: string
  /** The device's APNs token (Apple); null for Google. */
  push_token: string | null
  /** 0: the customer's data was erased; the Google object is deactivated, with nothing personal left on it. */
  ativo: Generated<number>
  tentativas: Generated<number>
  proxima_em: string
  criado_em: string
}
