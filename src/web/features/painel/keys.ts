/** Query keys of the staff pages, from one place; `all` is what pairing or unpairing the tablet clears. */
export const painelKeys = {
  all: ['painel'] as const,
  sessao: () => [...painelKeys.all, 'sessao'] as const,
  loja: () => [...painelKeys.all, 'loja'] as const,
  compras: () => [...painelKeys.all, 'compras'] as const,
  encomendas: () => [...painelKeys.all, 'encomendas'] as const,
  // Its own key: the board's reads and invalidations of its open orders are not the day's list's.
  hoje: () => [...painelKeys.all, 'encomendas-hoje'] as const,
  faturasEmFalta: () => [...painelKeys.all, 'faturas-em-falta'] as const,
  cozinha: () => [...painelKeys.all, 'cozinha'] as const,
  impressora: () => [...painelKeys.all, 'impressora'] as const,
}
