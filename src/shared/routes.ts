/**
 * Every page route of spec §2, on the paths of ARCHITECTURE.md's HTTP contract. The web router mounts these and the
 * server answers them with the app's HTML (200) while any other path gets the same HTML with 404.
 */
export const paths = {
  home: '/',
  novidades: '/novidades',
  novidade: '/novidades/:novidade',
  restaurantes: '/restaurantes',
  restaurante: '/restaurantes/:restaurante',
  loja: '/restaurantes/:restaurante/:loja',
  mapa: '/restaurantes/:restaurante/:loja/mapa',
  menus: '/restaurantes/:restaurante/:loja/menus',
  menu: '/restaurantes/:restaurante/:loja/menus/:menu',
  fidelizacao: '/fidelizacao',
  qr: '/fidelizacao/qr',
  campanhas: '/fidelizacao/campanhas',
  campanha: '/fidelizacao/campanhas/:campanha',
  transacoes: '/fidelizacao/transacoes',
  alterarNif: '/alterar-nif',
  notificacoes: '/notificacoes',
  login: '/login',
  signup: '/registo',
  confirmSignup: '/registo/:hash',
  reset: '/reset',
  confirmReset: '/reset/:hash',
  perfil: '/perfil',
  logout: '/logout',
  alterarPassword: '/alterar-password',
  alterarTelemovel: '/alterar-telemovel',
  confirmPhoneChange: '/alterar-telemovel/:hash',
  chaveSeguranca: '/chave-seguranca',
  alterarDadosPessoais: '/alterar-dados-pessoais',
  opiniao: '/opiniao',
  opiniaoTransacao: '/opiniao/transacao/:id_transacao',
  perguntasFrequentes: '/perguntas-frequentes',
  perguntasFrequentesCategoria: '/perguntas-frequentes/:categoria',
  perguntasFrequentesPergunta: '/perguntas-frequentes/:categoria/:pergunta',
  informacaoLegal: '/informacao-legal',
  informacaoLegalConteudo: '/informacao-legal/:conteudo',
  informacaoLegalConteudoSignup: '/registo/informacao-legal/:conteudo',
  informacaoLegalConteudoFinalizar: '/carrinho/finalizar/informacao-legal/:conteudo',
  /** The accessibility statement (DL 82/2022): a public page, linked from the footer and the account's hub. */
  acessibilidade: '/acessibilidade',
  termos: '/termos/',
  politicaDePrivacidade: '/politica-de-privacidade/',
  catalogo: '/catalogo',
  categoria: '/catalogo/:id',
  produto: '/catalogo/:categoria/:id',
  carrinho: '/carrinho',
  finalizarPasso1: '/carrinho/finalizar',
  finalizarPasso2: '/carrinho/confirmado',
  finalizarPassoPagamento: '/carrinho/pagamento',
  /** 'As minhas encomendas': the customer's orders, from the profile and the confirmation. */
  minhasEncomendas: '/encomendas',
  /** A table's QR code (decision 0045): its store's catalogue, eating in, at that table. */
  mesa: '/mesa/:codigo',
  rgpd: '/rgpd',
  rgpdEsquecimento: '/rgpd/esquecimento',
  rgpdPortabilidade: '/rgpd/portabilidade',
  rgpdComunicacao: '/rgpd/comunicacao',
  /** The e-mailed links of a GDPR request (single use, 24 hours, bound to the account that asked). */
  rgpdEsquecimentoLink: '/rgpd/esquecimento/:token',
  rgpdPortabilidadeLink: '/rgpd/portabilidade/:token',
  /** Account cancellation from the profile (spec §4): the same confirmation as the erasure link's. */
  cancelarConta: '/cancelar-conta',
  onboarding: '/onboarding',
  notfound: '/notfound',
  // Staff pages of a counter tablet (STORE-API.md "Staff pages").
  painelEntrar: '/painel/entrar',
  painelCaixa: '/painel/caixa',
  painelEncomendas: '/painel/encomendas',
  painelHoje: '/painel/hoje',
  painelSair: '/painel/sair',
} as const

export type PathName = keyof typeof paths

/** Fills a path pattern: `href(paths.loja, { restaurante: 'x', loja: 'y' })` → `/restaurantes/x/y`. */
export function href(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key]
    if (value === undefined) throw new Error(`href: missing ${key} for ${pattern}`)
    return encodeURIComponent(String(value))
  })
}

const patterns = Object.values(paths).map(
  (p) => new RegExp(`^${p.replace(/\/$/, '').replace(/:\w+/g, '[^/]+')}/?$`.replace('^/?$', '^/$')),
)

/** Whether a browser path is one of the app's pages. */
export function isKnownPagePath(pathname: string): boolean {
  return patterns.some((re) => re.test(pathname))
}
