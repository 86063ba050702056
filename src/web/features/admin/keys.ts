/** Query keys of the back-office, from one place; `all` is what signing in or out clears. */
export const adminKeys = {
  all: ['admin'] as const,
  sessao: () => [...adminKeys.all, 'sessao'] as const,
  utilizadores: () => [...adminKeys.all, 'utilizadores'] as const,
  novidades: () => [...adminKeys.all, 'novidades'] as const,
  campanhas: () => [...adminKeys.all, 'campanhas'] as const,
  restaurantes: () => [...adminKeys.all, 'restaurantes'] as const,
  auditoria: (filtro: Record<string, string | number>) => [...adminKeys.all, 'auditoria', filtro] as const,
}
