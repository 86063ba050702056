/** Query keys of the back-office, from one place; `all` is what signing in or out clears. */
export const adminKeys = {
  all: ['admin'] as const,
  sessao: () => [...adminKeys.all, 'sessao'] as const,
  utilizadores: () => [...adminKeys.all, 'utilizadores'] as const,
  novidades: () => [...adminKeys.all, 'novidades'] as const,
  definicoes: () => [...adminKeys.all, 'definicoes'] as const,
  informacaoConsumidor: () => [...adminKeys.all, 'definicoes', 'informacao-consumidor'] as const,
  premio: () => [...adminKeys.all, 'definicoes', 'premio'] as const,
  premioAniversario: () => [...adminKeys.all, 'definicoes', 'premio-aniversario'] as const,
  /** The composer's messages (notification campaigns), apart from the content campaigns below. */
  notificacoesEnviadas: () => [...adminKeys.all, 'notificacoes-enviadas'] as const,
  campanhas: () => [...adminKeys.all, 'campanhas'] as const,
  promocoes: () => [...adminKeys.all, 'promocoes'] as const,
  carimbos: () => [...adminKeys.all, 'carimbos'] as const,
  restaurantes: () => [...adminKeys.all, 'restaurantes'] as const,
  auditoria: (filtro: Record<string, string | number>) => [...adminKeys.all, 'auditoria', filtro] as const,
  clientes: (filtro: Record<string, string | number>) => [...adminKeys.all, 'clientes', filtro] as const,
  cliente: (id: number) => [...adminKeys.all, 'cliente', id] as const,
  opinioes: (filtro: Record<string, string | number>) => [...adminKeys.all, 'opinioes', filtro] as const,
  perfis: () => [...adminKeys.all, 'perfis'] as const,
}
