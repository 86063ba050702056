import type { EmentaEnviada } from '../../shared/ementa.ts'

type Produto = EmentaEnviada['seccoes'][number]['familias'][number]['produtos'][number]
type Familia = EmentaEnviada['seccoes'][number]['familias'][number]

/**
 * A menu with every field of (decision 0026), as a POS would send it: a family of dishes by the dose or the
 * half dose ('Inteira' / 'Meia'), menus whose choices are required (a breakfast's drink, a composite's components),
 * allergens by number, code and name, traces, flags, and a dish whose allergens the POS never filled in.
 * `mudar` edits one product or family before it is sent (the refusal tests).
 */
export function ementaCompleta(
  hash = 'completa-1',
  mudar: { produto?: (cod: number, p: Produto) => void; familia?: (codigo: number, f: Familia) => void } = {},
): EmentaEnviada {
  const pratos: Produto[] = [
    {
      cod_produto: 3001,
      produto: 'Sopa de legumes',
      posicao: 1,
      precovenda: 2.2,
      precomeia: '1.40',
      iva: 13,
      alergenios: ['aipo'],
      gluten: 0,
      lactose: 0,
      calorias: 95,
      sal: '0.9',
      vegetariano: 1,
      dieta: true,
      pessoas: 0,
      tempo: 5,
    },
    {
      cod_produto: 3002,
      produto: 'Bitoque',
      posicao: 2,
      precovenda: 9.5,
      precomeia: 6,
      iva: 13,
      highlight: 1,
      // By number, by name in capitals, without its accent: the same three allergens in the Annex's order.
      alergenios: [7, 'OVOS', 'Cereais que contem gluten'],
      pode_conter: ['Mostarda', '13'],
      picante: 0,
      tempo: 25,
      calorias: '820.5',
      complementares: [{ codigo: 'E1', descricao: 'Ovo a cavalo', preco: 0.8, iva: 13 }],
      opcoes: [
        {
          codigo: 'P',
          descricao: 'Ponto da carne',
          minopcoes: 1,
          opcoes: [
            { codigo: 'P1', descricao: 'Mal passado' },
            { codigo: 'P2', descricao: 'Bem passado' },
          ],
        },
      ],
      sugeridos: [3001, '3004', 3003, 3001],
    },
    // Allergens never filled in: unknown.
    { cod_produto: 3003, produto: 'Arroz de marisco', posicao: 3, precovenda: 14, iva: 13, pessoas: 2, tempo: 30 },
    { cod_produto: 3004, produto: 'Prato do chefe', posicao: 4, precovenda: 12, iva: 13, visivel: 0, alergenios: [] },
  ]
  const menus: Produto[] = [
    {
      cod_produto: 3101,
      produto: 'Menu pequeno-almoço',
      posicao: 1,
      precovenda: 3.2,
      // The family sells no half portions: this price is kept and not offered.
      precomeia: 2,
      iva: 13,
      alergenios: ['gluten', 'leite'],
      pode_conter: ['sésamo'],
      opcoes: [
        {
          codigo: 'B',
          descricao: 'Bebida',
          minopcoes: 1,
          opcoes: [
            { codigo: 'B1', descricao: 'Galão' },
            { codigo: 'B2', descricao: 'Bica' },
          ],
        },
        {
          codigo: 'X',
          descricao: 'Para barrar',
          maxopcoes: 2,
          opcoes: [
            { codigo: 'X1', descricao: 'Manteiga' },
            { codigo: 'X2', descricao: 'Compota' },
            { codigo: 'X3', descricao: 'Mel' },
          ],
        },
      ],
    },
    {
      cod_produto: 3102,
      produto: 'Menu almoço',
      posicao: 2,
      precovenda: 9,
      iva: 13,
      composto: 1,
      alergenios: [],
      opcoes: [
        { codigo: 'S', descricao: 'Sopa', opcoes: [{ codigo: 'S1', descricao: 'Sopa de legumes' }] },
        {
          codigo: 'M',
          descricao: 'Prato',
          opcoes: [
            { codigo: 'M1', descricao: 'Frango grelhado' },
            { codigo: 'M2', descricao: 'Peixe do dia' },
          ],
        },
        { codigo: 'D', descricao: 'Sobremesa', minopcoes: 0, opcoes: [{ codigo: 'D1', descricao: 'Fruta' }] },
      ],
    },
    // Only the POS's flags, no list: its allergens are unknown whatever the flags say (decision 0026).
    { cod_produto: 3201, produto: 'Tosta mista', posicao: 3, precovenda: 3.9, iva: 13, gluten: 1, lactose: 1 },
    {
      cod_produto: 3202,
      produto: 'Água',
      posicao: 4,
      precovenda: 1.2,
      iva: 13,
      alergenios: [],
      calorias: 0,
      sal: 0,
      pvp2: 1.5,
      pvp3: '1.00',
      politicapreco: 2,
    },
  ]
  const familias: Familia[] = [
    { codigo: 30, descricao: 'Pratos', dose: 'Inteira', meiadose: 'Meia', produtos: pratos },
    { codigo: 31, descricao: 'Menus e lanches', meiadose: 0, produtos: menus },
  ]
  for (const f of familias) {
    mudar.familia?.(Number(f.codigo), f)
    for (const p of f.produtos) mudar.produto?.(Number(p.cod_produto), p)
  }
  return {
    hash,
    last_update: '2026-11-27T08:00:00Z',
    base_url: '/imagens/',
    seccoes: [{ codigo: 1, descricao: 'Restaurante', familias }],
  }
}
