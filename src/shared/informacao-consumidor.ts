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

/** An alternative dispute resolution entity for consumer disputes, as the consumer is told of it. */
export interface EntidadeRal {
  nome: string
  sitio: string
}

/**
 * The consumer-arbitration entity until an admin names another: the national centre, competent where no regional
 * centre is (Lei 144/2015, art. 18.º asks the entity and its website). Not one the group has adhered to until an
 * admin says so (`aderiu`).
 */
export const RAL_PREDEFINIDA = {
  nome: 'CNIACC – Centro Nacional de Informação e Arbitragem de Conflitos de Consumo',
  sitio: 'https://www.cniacc.pt/',
} as const satisfies EntidadeRal

/**
 * The consumer-arbitration centres of general competence that a consumer may turn to (Lei 144/2015, art. 18.º, n.º 1:
 * those available, not only those the supplier adheres to), the regional ones and the national one, as the Portal do
 * Consumidor lists them (decision 0039: checked again at each review of the legal information).
 */
export const ENTIDADES_RAL: readonly EntidadeRal[] = [
  RAL_PREDEFINIDA,
  { nome: 'Centro de Arbitragem de Conflitos de Consumo de Lisboa', sitio: 'https://www.centroarbitragemlisboa.pt/' },
  { nome: 'CICAP – Centro de Informação de Consumo e Arbitragem do Porto', sitio: 'https://www.cicap.pt/' },
  {
    nome: 'CIAB – Centro de Informação, Mediação e Arbitragem de Consumo (Tribunal Arbitral de Consumo)',
    sitio: 'https://www.ciab.pt/',
  },
  { nome: 'TRIAVE – Centro de Arbitragem de Conflitos de Consumo do Vale do Ave', sitio: 'https://www.triave.pt/' },
  {
    nome: 'Centro de Arbitragem de Conflitos de Consumo do Distrito de Coimbra',
    sitio: 'https://www.centrodearbitragemdecoimbra.com/',
  },
  {
    nome: 'CIMAAL – Centro de Informação, Mediação e Arbitragem de Conflitos de Consumo do Algarve',
    sitio: 'https://www.consumoalgarve.pt/',
  },
  {
    nome: 'Centro de Arbitragem de Conflitos de Consumo da Região Autónoma da Madeira',
    sitio: 'https://www.madeira.gov.pt/cacc',
  },
]

const anfitriao = (sitio: string) => {
  try {
    return new URL(sitio).hostname.replace(/^www\./, '')
  } catch {
    return sitio
  }
}

/**
 * The entities the legal information names after the group's own (`ral`, first), the same entity never twice: what
 * `ENTIDADES_RAL` lists, less the one on the group's site.
 */
export function outrasEntidadesRal(ral: EntidadeRal): EntidadeRal[] {
  return ENTIDADES_RAL.filter((e) => anfitriao(e.sitio) !== anfitriao(ral.sitio))
}

/** Where accessibility feedback goes until an admin sets the group's address (the app's own support address). */
export const EMAIL_ACESSIBILIDADE_PREDEFINIDO = 'apoio@balcao.pt'

/** `GET /api/informacao-consumidor` (its schema: shared/conteudos.ts, kept apart so the shell's links load no zod). */
export interface InformacaoConsumidor {
  /**
   * The entity the back-office names; `aderiu`: whether the group has adhered to it (only then «A empresa aderiu a»;
   * otherwise it is named among the entities a consumer may turn to).
   */
  ral: EntidadeRal & { aderiu: boolean }
  acessibilidade: { email: string }
}

export const INFORMACAO_CONSUMIDOR_PREDEFINIDA: InformacaoConsumidor = {
  ral: { nome: RAL_PREDEFINIDA.nome, sitio: RAL_PREDEFINIDA.sitio, aderiu: false },
  acessibilidade: { email: EMAIL_ACESSIBILIDADE_PREDEFINIDO },
}
