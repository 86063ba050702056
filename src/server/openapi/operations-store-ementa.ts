import { EmentaSchema, PRECO_DECIMAIS, PRECO_MAX_EUROS } from '../../shared/ementa.ts'
import { ivaForaDaRegiao, NOMES_REGIAO, REGIOES, taxasDaRegiao } from '../../shared/regioes.ts'
import { mensagens } from '../../shared/validacao.ts'
import type { OperationDoc } from './operation.ts'
import { sizeOf } from './texts.ts'

/** The words of a rate not of the store's region (shared/regioes.ts `ivaForaDaRegiao`), whatever product and rate. */
const IVA_FORA_DA_REGIAO = new RegExp(
  `^.+: IVA [0-9,]+ % não é uma taxa (${REGIOES.map((r) =>
    ivaForaDaRegiao('P', 1, r)
      .replace(/^P: IVA 1 % não é uma taxa /, '')
      .replace(/[()]/g, '\\$&'),
  ).join('|')})$`,
)

/** The Store API's menu: the snapshot a store's POS publishes (`PUT /api/loja/v1/ementa`, spec §3 "Menu snapshot"). */
export const STORE_MENU_OPERATIONS: Record<string, OperationDoc> = {
  'PUT /api/loja/v1/ementa': {
    operationId: 'publicarEmenta',
    summary: 'Publish the store’s menu snapshot (sections → families → products)',
    description: ({ bodyLimit }) =>
      [
        'The whole menu in the spec §3 shape. Prices arrive in euros with decimals (`precovenda`) and are stored as',
        'cents. The same `hash` as the current menu: 200 and nothing changes (`alterada` false). A snapshot that fails',
        'validation is refused whole with 422 naming the path of the first bad field, and the current menu stays.',
        `Body limit: ${sizeOf(bodyLimit)}. Naturally idempotent (a PUT of the same snapshot): no \`Idempotency-Key\`.`,
      ].join('\n'),
    body: EmentaSchema,
    fields: [
      {
        field: 'seccoes.*.familias.*.produtos.*.precovenda',
        rule: `\`precovenda\` is at most ${PRECO_MAX_EUROS} € with at most two decimals (a number or its text; the schema states the form only).`,
        messages: [mensagens.valorInvalido, PRECO_DECIMAIS],
      },
      ...['seccoes.*.familias.*.produtos.*.iva', 'seccoes.*.familias.*.produtos.*.complementares.*.iva'].map(
        (field) => ({
          field,
          rule: `\`iva\` must be one of the VAT rates of the store's region (${REGIOES.map((r) => `${NOMES_REGIAO[r]}: ${taxasDaRegiao(r).join(', ')}`).join('; ')}), which the schema cannot state: the message names the product (and the complement).`,
          messages: [IVA_FORA_DA_REGIAO],
        }),
      ),
    ],
    errors: { 422: 'The snapshot is invalid: `fields` names the path of the first bad field.' },
    examples: {
      request: {
        hash: '2026-11-20-v3',
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
                descricao: 'Cafés e bolos',
                visivel: 1,
                produtos: [
                  {
                    cod_produto: 1001,
                    produto: 'Pastel de nata',
                    posicao: 1,
                    precovenda: 1.3,
                    iva: 13,
                    visivel: 1,
                    alergenios: ['gluten', 'ovos', 'leite'],
                    pode_conter: ['frutos_casca_rija'],
                    sugeridos: [1002],
                  },
                  {
                    cod_produto: 1002,
                    produto: 'Galão',
                    posicao: 2,
                    precovenda: 1.6,
                    iva: 13,
                    complementares: [
                      { codigo: 'C1', descricao: 'Leite de aveia', preco: '0.40', iva: 13, obrigatorio: 0 },
                    ],
                    opcoes: [
                      {
                        codigo: 'A',
                        descricao: 'Açúcar',
                        opcoes: [
                          { codigo: 'A1', descricao: 'Com açúcar' },
                          { codigo: 'A2', descricao: 'Sem açúcar' },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                codigo: 20,
                descricao: 'Pratos do dia',
                visivel: 1,
                // Half portions allowed in this family, named as the POS prints them.
                meiadose: 'Meia dose',
                produtos: [
                  {
                    cod_produto: 2001,
                    produto: 'Bacalhau à Brás',
                    posicao: 1,
                    precovenda: 12.5,
                    precomeia: 8.5,
                    iva: 13,
                    descricao: 'Bacalhau desfiado, batata palha e ovo, com azeitonas.',
                    alergenios: ['peixes', 'ovos'],
                    pode_conter: ['leite'],
                    tempo: 15,
                    sugeridos: [1002],
                    opcoes: [
                      {
                        codigo: 'B',
                        descricao: 'Acompanhamento',
                        minopcoes: 1,
                        maxopcoes: 1,
                        opcoes: [
                          { codigo: 'B1', descricao: 'Salada mista' },
                          { codigo: 'B2', descricao: 'Legumes salteados' },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      response: { data: { hash: '2026-11-20-v3', last_update: '2026-11-20T08:00:00Z', alterada: true, produtos: 3 } },
    },
  },
}
