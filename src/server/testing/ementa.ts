import type { EmentaEnviada } from '../../shared/ementa.ts'

/** A small menu in the POS's shape: one visible section with a visible and a hidden family, and a hidden section. */
export function ementaDeTeste(hash = 'v1', overrides: { precoNata?: number | string | null } = {}): EmentaEnviada {
  return {
    hash,
    last_update: '2026-11-20T08:00:00Z',
    base_url: '/imagens/',
    seccoes: [
      {
        codigo: 1,
        descricao: 'Cafetaria',
        visivel: 1,
        familias: [
          {
            codigo: 10,
            descricao: 'Cafés',
            visivel: 1,
            produtos: [
              {
                cod_produto: 1002,
                produto: 'Galão',
                posicao: 2,
                precovenda: 1.6,
                iva: 13,
                visivel: true,
                maxopcoes: 1,
                min_complementos: 0,
                max_complementos: 2,
                imagem: 'produto-galao.800x600.0123456789.svg',
                descricao: 'Café com leite, em copo alto',
                complementares: [
                  { codigo: 'C1', descricao: 'Leite de aveia', preco: '0.40', iva: 13, obrigatorio: 0 },
                  { codigo: 'C2', descricao: 'Dose extra de café', preco: 0.4, iva: 13, obrigatorio: 0 },
                  { codigo: 'C3', descricao: 'Só para a casa', preco: 0, iva: 13, obrigatorio: 0, restricted: 1 },
                ],
                opcoes: [
                  {
                    codigo: 'A',
                    descricao: 'Açúcar',
                    opcoes: [
                      { grupo: 'A', codigo: 'A1', nome_grupo: 'Açúcar', descricao: 'Com açúcar' },
                      { grupo: 'A', codigo: 'A2', nome_grupo: 'Açúcar', descricao: 'Sem açúcar' },
                    ],
                  },
                  {
                    codigo: 'G',
                    descricao: 'Galão',
                    opcoes: [
                      { grupo: 'G', codigo: 'G1', nome_grupo: 'Galão', descricao: 'Claro' },
                      { grupo: 'G', codigo: 'G2', nome_grupo: 'Galão', descricao: 'Escuro' },
                    ],
                  },
                ],
              },
              {
                cod_produto: 1001,
                produto: 'Pastel de nata',
                posicao: 1,
                precovenda: ('precoNata' in overrides ? overrides.precoNata : 1.3) as number,
                iva: 13,
                visivel: 1,
              },
              {
                cod_produto: 1003,
                produto: 'Café do dia (fora da carta)',
                posicao: 3,
                precovenda: 1,
                iva: 13,
                visivel: 0,
              },
              {
                cod_produto: 1005,
                produto: 'Prato do dia',
                posicao: 5,
                precovenda: 8.5,
                iva: 13,
                complementares: [
                  { codigo: 'P', descricao: 'Pão (só ao balcão)', preco: 0.5, iva: 13, obrigatorio: 1, restricted: 1 },
                ],
              },
              {
                cod_produto: 1004,
                produto: 'Menu pequeno-almoço',
                posicao: 4,
                precovenda: 3.2,
                iva: 13,
                min_complementos: 1,
                max_complementos: 2,
                complementares: [
                  { codigo: 'T', descricao: 'Torrada', preco: 0, iva: 13, obrigatorio: 1 },
                  { codigo: 'S', descricao: 'Sumo de laranja', preco: 1, iva: 13, obrigatorio: 0 },
                  { codigo: 'O', descricao: 'Ovos mexidos', preco: 1.5, iva: 13, obrigatorio: 0 },
                ],
              },
            ],
          },
          {
            codigo: 11,
            descricao: 'Sazonal',
            visivel: 0,
            produtos: [{ cod_produto: 1100, produto: 'Castanhas', posicao: 1, precovenda: 3, iva: 13 }],
          },
        ],
      },
      {
        codigo: 2,
        descricao: 'Interna',
        visivel: false,
        familias: [
          {
            codigo: 20,
            descricao: 'Staff',
            produtos: [{ cod_produto: 2000, produto: 'Refeição staff', posicao: 1, precovenda: 0, iva: 13 }],
          },
        ],
      },
    ],
  }
}

/** The phone of the tests' customer, to whom pedidoDeTeste's MB WAY request goes. */
export const TELEMOVEL_DE_TESTE = '912345678'

/** From ementaDeTeste: 2 galões with oat milk (2 × 2,00 €) and 3 pastéis de nata (3 × 1,30 €): 7,90 €. */
export const CARRINHO_DE_TESTE = [
  { id: '1002', qtd: 2, complementares: ['C1'], opcoes: ['A2'] },
  { id: '1001', qtd: 3 },
]
export const TOTAL_DE_TESTE = 790

/** A checkout body (spec §7 finalise) for CARRINHO_DE_TESTE at store 862, take-away; `over` changes what a test needs. */
export const pedidoDeTeste = (over: Record<string, unknown> = {}) => ({
  id_tipo_entrega: 0,
  telemovel: TELEMOVEL_DE_TESTE,
  pais: '351',
  aceitou: true,
  nome: 'Ana Silva',
  email: 'ana@example.pt',
  nif: '',
  cart: CARRINHO_DE_TESTE,
  id_loja: 862,
  usar_premio: 0,
  ...over,
})

/**
 * ementaDeTeste with what the law looks at (decision 0037), in a visible family 'Almoço e bebidas': a beer the POS sells
 * to adults only (`restricted`), a wine it does not mark (the back-office may), a soup in plastic, a salad whose
 * packaging the POS does not say (the back-office may), and a quiche in paper.
 */
export function ementaComLei(hash = 'lei-v1'): EmentaEnviada {
  const ementa = ementaDeTeste(hash)
  ementa.seccoes[0]?.familias.push({
    codigo: 12,
    descricao: 'Almoço e bebidas',
    visivel: 1,
    produtos: [
      { cod_produto: 3001, produto: 'Imperial', posicao: 1, precovenda: 1.8, iva: 23, restricted: 1 },
      { cod_produto: 3002, produto: 'Vinho tinto (copo)', posicao: 2, precovenda: 2.5, iva: 23 },
      { cod_produto: 3003, produto: 'Sopa de legumes', posicao: 3, precovenda: 2.2, iva: 13, embalagem: 'plastico' },
      { cod_produto: 3004, produto: 'Salada de grão', posicao: 4, precovenda: 6.5, iva: 13 },
      { cod_produto: 3005, produto: 'Quiche', posicao: 5, precovenda: 5.8, iva: 13, embalagem: 'papel' },
    ],
  })
  return ementa
}
export const IMPERIAL = '3001'
export const VINHO = '3002'
export const SOPA = '3003'
export const SALADA = '3004'
export const QUICHE = '3005'
