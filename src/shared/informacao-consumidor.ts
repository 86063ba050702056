/**
 * What a consumer is told about complaints, disputes and accessibility wherever they look (the footer, the account's
 * hub, the legal information, the accessibility statement). Each choice and its legal source:
 * docs/decisions/0039-informacao-ao-consumidor.md.
 */

/**
 * The complaints book's electronic platform (DL 156/2005, art. 5.º-B, as DL 74/2017 wrote it): a visible, prominent
 * access on the site, under the platform's own name.
 */
export const LIVRO_RECLAMACOES = {
  nome: 'Livro de Reclamações Eletrónico',
  url: 'https://www.livroreclamacoes.pt/',
} as const

/** The state's consumer portal, where the alternative dispute resolution entities are listed (Lei 144/2015). */
export const PORTAL_DO_CONSUMIDOR = { nome: 'Portal do Consumidor', url: 'https://www.consumidor.gov.pt/' } as const

/**
 * The consumer-arbitration entity until an admin names the one the group adheres to: the national centre, competent
 * where no regional centre is (Lei 144/2015, art. 18.º asks the entity and its website).
 */
export const RAL_PREDEFINIDA = {
  nome: 'CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo',
  sitio: 'https://www.cniacc.pt/',
} as const

/** Where accessibility feedback goes until an admin sets the group's address (the app's own support address). */
export const EMAIL_ACESSIBILIDADE_PREDEFINIDO = 'apoio@balcao.pt'

/** `GET /api/informacao-consumidor` (its schema: shared/conteudos.ts, kept apart so the shell's links load no zod). */
export interface InformacaoConsumidor {
  ral: { nome: string; sitio: string }
  acessibilidade: { email: string }
}

export const INFORMACAO_CONSUMIDOR_PREDEFINIDA: InformacaoConsumidor = {
  ral: { nome: RAL_PREDEFINIDA.nome, sitio: RAL_PREDEFINIDA.sitio },
  acessibilidade: { email: EMAIL_ACESSIBILIDADE_PREDEFINIDO },
}
