/** Query keys of the customer's notifications; `all` matches every list, whoever it was read for. */
export const notificacoesKeys = {
  all: ['notificacoes'] as const,
  /** Keyed by whoever is signed in: another customer on the same device never sees (or marks) the last one's. */
  lista: (quem: string | number) => [...notificacoesKeys.all, quem] as const,
}
