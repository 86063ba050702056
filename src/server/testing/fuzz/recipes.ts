import { z } from 'zod'
import { dadosPessoaisSchema } from '../../../shared/conta.ts'
import { ementaDeTeste } from '../ementa.ts'
import { type Dice, pick } from './hostile.ts'
import type { JsonSchema } from './schema-values.ts'

/**
 * Bodies the fuzzing cannot find by chance, where a route needs several fields to agree with the scene: an order's
 * cart names the test menu's products with their own complements and options (testing/ementa.ts), at a store that
 * takes orders. Half of the valid requests to these operations start from a recipe, the rest are generated from the
 * document alone; the invalid ones spoil either.
 *
 * `bodySchemas`: what a route's service parses where the document can only say "an object" (the personal data form,
 * whose fields depend on the account): generated from the shared zod schema the service applies.
 */

const CART_ITEMS: readonly Record<string, unknown>[] = [
  { id: '1001', qtd: 1 },
  { id: '1001', qtd: 2, porcao: 'dose' },
  { id: '1002', qtd: 1, complementares: ['C1'], opcoes: ['A1'] },
  { id: '1002', qtd: 3, complementares: ['C1', 'C2'], opcoes: ['G1'], observacoes: 'Bem quente, por favor' },
  { id: '1003', qtd: 1 },
  { id: '1004', qtd: 1, complementares: ['T'] },
  { id: '1004', qtd: 2, complementares: ['T', 'S'] },
]

function cart(dice: Dice) {
  return Array.from({ length: 1 + Math.floor(dice() * 3) }, () => pick(dice, CART_ITEMS))
}

export function recipeFor(
  opId: string,
  dice: Dice,
  hints: (name: string) => readonly unknown[],
): Record<string, unknown> | undefined {
  const idLoja = pick(dice, [862, 862, 848, '862'])
  switch (opId) {
    case 'POST /api/calcula-encomenda':
      return { cart: cart(dice), id_loja: idLoja, ...(dice() < 0.3 ? { usar_premio: 1 } : {}) }
    case 'POST /api/finaliza-encomenda':
      return {
        id_tipo_entrega: pick(dice, [0, 1]),
        telemovel: pick(dice, ['912345678', '936000001']),
        pais: '351',
        aceitou: true,
        nome: pick(dice, ['Ana Sousa', 'João Ribeiro', 'Zé']),
        email: pick(dice, ['ana@exemplo.pt', 'joao.ribeiro@gmail.com']),
        nif: pick(dice, [null, '', '123456789']),
        cart: cart(dice),
        id_loja: idLoja,
        usar_premio: pick(dice, [0, 0, 1]),
      }
    case 'POST /api/loja/v1/compras': {
      // A purchase that only earns (no balance used, no reward redeemed): a store key may credit a known customer
      // without a proof of identification (STORE-API.md), so it reaches the ledger.
      const clientes = hints('cliente_id').filter((v) => typeof v === 'number')
      if (clientes.length === 0) return undefined
      return {
        cliente_id: pick(dice, clientes),
        total: 100 + Math.floor(dice() * 5000),
        saldo_a_usar: 0,
        referencia: `FS 2026/${Math.floor(dice() * 1e5)}`,
      }
    }
    case 'PUT /api/loja/v1/compras/{id}/documento':
    case 'PUT /api/loja/v1/encomendas/{id}/documento': {
      // A document as a POS issues it (STORE-API.md "Invoices"): now and then the same one again, or a credit note.
      const n = pick(dice, [1, 1, 2, Math.floor(dice() * 1e5)])
      const tipo = pick(dice, ['FR', 'FS', 'FT', 'NC'])
      return {
        tipo,
        numero: `${tipo} F/${n}`,
        atcud: `FZ12AB34-${n}`,
        qr: `A:509999999*B:999999990*C:PT*D:${tipo}*E:N*F:20261122*G:${tipo} F/${n}*H:FZ12AB34-${n}`,
        emitido_em: '2026-11-22T10:00:00Z',
        ...(dice() < 0.5 ? { pdf_url: `https://faturas.exemplo.pt/${n}.pdf` } : {}),
      }
    }
    case 'PUT /api/loja/v1/ementa':
      // The same menu under a new hash (a POS sending its snapshot again), or the current one (nothing changes).
      return ementaDeTeste(dice() < 0.5 ? 'v1' : `fz-${Math.floor(dice() * 1e6)}`) as unknown as Record<string, unknown>
    default:
      return undefined
  }
}

/** Where the document's body is an open object, the schema the route's service applies (see above). */
export function bodySchemaFor(opId: string, hoje: string): JsonSchema | undefined {
  if (opId !== 'POST /alterar-dados-pessoais') return undefined
  const schema = dadosPessoaisSchema({ idadeMinima: 16, comPassword: false, comAceitacao: false, hoje })
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema
}
