/** Query keys of the GDPR screens (one factory, no raw strings; the private data have their own key). */
export const rgpdKeys = {
  all: ['rgpd'] as const,
  /** The request an e-mailed link names. */
  pedido: (token: string) => [...rgpdKeys.all, 'pedido', token] as const,
  /** What cancelling the account would lose. */
  cancelamento: () => [...rgpdKeys.all, 'cancelamento'] as const,
}
