/**
 * Why a device's session was ended on another device, as the private data says it once (`fimDeSessao`), and what the
 * app tells the person. No zod here: the app's shell, in every first load, reads it.
 */
export const FINS_DE_SESSAO = ['password'] as const
export type FimDeSessao = (typeof FINS_DE_SESSAO)[number]

export const FIM_DE_SESSAO_TEXTO: Record<FimDeSessao, string> = {
  password:
    'A sua sessão terminou porque a password da conta foi alterada noutro dispositivo. Inicie sessão com a nova password.',
}
