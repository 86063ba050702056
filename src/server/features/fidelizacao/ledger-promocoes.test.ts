import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ProdutoComprado } from '../../../shared/fidelizacao.ts'
import type { EfeitoPromocao } from '../../../shared/promocoes-textos.ts'
import type { GanhoPromocao, PromocaoEmVigor } from './ganhos-promocoes.ts'
import {
  aplicar,
  compra,
  creditoDe,
  devolucao,
  type Efeito,
  type PedidoCompra,
  pontosDe,
  type Regras,
  roundHalfUp,
  type Saldos,
} from './ledger.ts'

/**
 * The arithmetic of promotions that apply themselves (decision 0052), for any purchase, rules and promotions in force:
 * points ×N take the largest multiplier only, on the rules' points; a product's bonus counts its units; a minimum
 * spend's bonus comes once what was paid reaches it; a raised credit % takes the largest above the rules'. What each
 * promotion gave adds up to exactly what the purchase earned beyond the rules, the list's order changes nothing, and a
 * refund takes back the promotions' part with the rest, in proportion, to the cent.
 */
const EFEITOS: EfeitoPromocao[] = ['multiplicar_pontos', 'pontos_produto', 'pontos_gasto_minimo', 'credito_percent']
const CODIGOS = ['1001', '1002', '1003', 'BICA']

const regrasArb = fc.record({
  creditoPercent: fc.integer({ min: 0, max: 2_000 }).map((c) => c / 100),
  pontosPorEuro: fc.integer({ min: 0, max: 20 }),
  patamar: fc.integer({ min: 1, max: 500 }),
})
const saldosArb = fc.record({
  saldo: fc.integer({ min: 0, max: 50_000 }),
  pontos: fc.integer({ min: 0, max: 1_000 }),
  itens: fc.integer({ min: 0, max: 5 }),
})
const produtosArb = fc.array(
  fc.record({ cod_produto: fc.constantFrom(...CODIGOS), quantidade: fc.integer({ min: 1, max: 10 }) }),
  { maxLength: 5 },
)
/**
 * Any promotion, every field drawn whatever its effect (the arithmetic reads only its effect's), with small ranges so
 * that ties (two ×3, two 10 %) and promotions that add nothing (×1, a percent under the rules') are common.
 */
const promocaoArb = fc.record({
  id: fc.integer({ min: 1, max: 1_000 }),
  nome: fc.constantFrom('Dobro de pontos', 'Bica em dobro', 'Sexta feliz'),
  efeito: fc.constantFrom(...EFEITOS),
  multiplicador: fc.integer({ min: 1, max: 10 }),
  pontos: fc.integer({ min: 0, max: 10_000 }),
  cod_produto: fc.constantFrom<string | null>(null, ...CODIGOS, '9999'),
  gasto_minimo: fc.integer({ min: 0, max: 100_000 }),
  credito_percent: fc.integer({ min: 0, max: 4_000 }).map((c) => c / 100),
})
const promocoesArb = fc.uniqueArray(promocaoArb, { selector: (p) => p.id, maxLength: 6 })

/** A purchase the ledger accepts: at most the balance and the rewards held, the balance within what the reward leaves. */
const compraArb = fc
  .tuple(
    saldosArb,
    regrasArb,
    fc.integer({ min: 1, max: 100_000 }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 0, max: 2 }),
    fc.integer({ min: 0, max: 5_000 }),
    produtosArb,
    promocoesArb,
  )
  .map(([antes, regras, total, fracaoSaldo, itens, valorPremio, produtos, promocoes]) => {
    const itensARedimir = Math.min(itens, antes.itens)
    const restante = total - Math.min(itensARedimir * valorPremio, total)
    const saldoAUsar = Math.floor(Math.min(antes.saldo, restante) * fracaoSaldo)
    const pedido: PedidoCompra = { total, saldoAUsar, itensARedimir, valorPremio, produtos, promocoes }
    return { antes: antes as Saldos, regras: regras as Regras, pedido }
  })

function aceite(antes: Saldos, pedido: PedidoCompra, regras: Regras, ganha = true) {
  const r = compra(antes, pedido, regras, ganha)
  if ('recusa' in r) throw new Error(`refused: ${r.recusa}`)
  return r
}

const unidades = (produtos: readonly ProdutoComprado[], cod: string | null) =>
  produtos.filter((l) => l.cod_produto === cod).reduce((s, l) => s + l.quantidade, 0)

/** The lowest id among the largest by `valor` (the oldest promotion wins a tie). */
function maior(promocoes: readonly PromocaoEmVigor[], valor: (p: PromocaoEmVigor) => number) {
  const max = Math.max(...promocoes.map(valor))
  return promocoes.filter((p) => valor(p) === max).sort((a, b) => a.id - b.id)[0]
}

/** The model: what each promotion should add to a purchase that paid `valorPago` under `regras`. */
function esperado(
  valorPago: number,
  regras: Regras,
  produtos: readonly ProdutoComprado[],
  promocoes: PromocaoEmVigor[],
) {
  const pontosBase = pontosDe(valorPago, regras.pontosPorEuro)
  const porId = new Map<number, GanhoPromocao>()
  const dar = (p: PromocaoEmVigor, pontos: number, credito: number) => {
    const g = porId.get(p.id) ?? { id: p.id, nome: p.nome, pontos: 0, credito: 0 }
    porId.set(p.id, { ...g, pontos: g.pontos + pontos, credito: g.credito + credito })
  }
  const multiplicadores = promocoes.filter((p) => p.efeito === 'multiplicar_pontos')
  const m = Math.max(1, ...multiplicadores.map((p) => p.multiplicador))
  const mp = maior(multiplicadores, (p) => p.multiplicador)
  if (mp && m > 1) dar(mp, pontosBase * (m - 1), 0)
  let bonus = 0
  for (const p of promocoes) {
    const b =
      p.efeito === 'pontos_produto'
        ? p.pontos * unidades(produtos, p.cod_produto)
        : p.efeito === 'pontos_gasto_minimo' && p.gasto_minimo > 0 && valorPago >= p.gasto_minimo
          ? p.pontos
          : 0
    bonus += b
    dar(p, b, 0)
  }
  const creditos = promocoes.filter((p) => p.efeito === 'credito_percent')
  const percent = Math.max(regras.creditoPercent, ...creditos.map((p) => p.credito_percent))
  const cp = maior(creditos, (p) => p.credito_percent)
  const credito = creditoDe(valorPago, percent)
  if (cp && percent > regras.creditoPercent) dar(cp, 0, credito - creditoDe(valorPago, regras.creditoPercent))
  return {
    pontos: pontosBase * m + bonus,
    credito,
    aplicadas: [...porId.values()].filter((g) => g.pontos > 0 || g.credito > 0).sort((a, b) => a.id - b.id),
  }
}

const soma = (gs: readonly GanhoPromocao[], k: 'pontos' | 'credito') => gs.reduce((s, g) => s + g[k], 0)

const SEM_EFEITO: Efeito = {
  saldo_adicionado: 0,
  saldo_removido: 0,
  pontos_ganhos: 0,
  pontos_convertidos: 0,
  itens_adicionados: 0,
  itens_redimidos: 0,
}
const somar = (a: Efeito, b: Efeito): Efeito => ({
  saldo_adicionado: a.saldo_adicionado + b.saldo_adicionado,
  saldo_removido: a.saldo_removido + b.saldo_removido,
  pontos_ganhos: a.pontos_ganhos + b.pontos_ganhos,
  pontos_convertidos: a.pontos_convertidos + b.pontos_convertidos,
  itens_adicionados: a.itens_adicionados + b.itens_adicionados,
  itens_redimidos: a.itens_redimidos + b.itens_redimidos,
})

/** A purchase refunded whole, at once: `valorPago` (0 for one paid wholly with balance and rewards). */
function devolverTudo(depois: Saldos, valorPago: number, efeito: Efeito, regras: Regras) {
  return devolucao(depois, { valorPago, efeito, devolvido: 0, itensRevertidos: 0 }, valorPago, regras)
}

const RUNS = { numRuns: 1500 }

describe('a purchase under promotions', () => {
  it('earns base × the largest multiplier + the bonuses that qualify, credit at the largest percent, each attributed', () => {
    fc.assert(
      fc.property(compraArb, ({ antes, regras, pedido }) => {
        const r = aceite(antes, pedido, regras)
        const sem = aceite(antes, { ...pedido, promocoes: [] }, regras)
        const e = esperado(r.valorPago, regras, pedido.produtos ?? [], [...(pedido.promocoes ?? [])])
        expect(r.valorPago).toBe(sem.valorPago)
        expect(r.efeito.pontos_ganhos).toBe(e.pontos)
        expect(r.efeito.saldo_adicionado).toBe(e.credito)
        expect(r.promocoes).toEqual(e.aplicadas)
        // What the promotions gave is exactly the extra over the same purchase without them.
        expect(soma(r.promocoes, 'pontos')).toBe(r.efeito.pontos_ganhos - sem.efeito.pontos_ganhos)
        expect(soma(r.promocoes, 'credito')).toBe(r.efeito.saldo_adicionado - sem.efeito.saldo_adicionado)
        // Only promotions in force, once each, none that added nothing.
        const ids = new Set((pedido.promocoes ?? []).map((p) => p.id))
        for (const g of r.promocoes) {
          expect(ids.has(g.id)).toBe(true)
          expect(g.pontos > 0 || g.credito > 0).toBe(true)
          expect(g.pontos).toBeGreaterThanOrEqual(0)
          expect(g.credito).toBeGreaterThanOrEqual(0)
        }
        expect(new Set(r.promocoes.map((g) => g.id)).size).toBe(r.promocoes.length)
        // The rest of the purchase is as without them: the balance used, the rewards redeemed, the threshold.
        expect(r.efeito.saldo_removido).toBe(pedido.saldoAUsar)
        expect(r.efeito.itens_redimidos).toBe(pedido.itensARedimir)
        const depois = aplicar(antes, r.efeito)
        expect(depois.pontos).toBe((antes.pontos + r.efeito.pontos_ganhos) % regras.patamar)
        expect(depois.itens).toBe(antes.itens - pedido.itensARedimir + r.efeito.itens_adicionados)
      }),
      RUNS,
    )
  })

  it('adds nothing and names no promotion when the registration is not complete', () => {
    fc.assert(
      fc.property(compraArb, ({ antes, regras, pedido }) => {
        const r = aceite(antes, pedido, regras, false)
        expect(r.promocoes).toEqual([])
        expect(r.efeito).toEqual(aceite(antes, { ...pedido, promocoes: [] }, regras, false).efeito)
        expect(r.efeito.pontos_ganhos).toBe(0)
        expect(r.efeito.saldo_adicionado).toBe(0)
      }),
      RUNS,
    )
  })

  it('gives the same whatever the order of the promotions in force', () => {
    const arb = compraArb.chain((c) =>
      fc
        .shuffledSubarray([...(c.pedido.promocoes ?? [])], {
          minLength: c.pedido.promocoes?.length ?? 0,
          maxLength: c.pedido.promocoes?.length ?? 0,
        })
        .map((baralhadas) => ({ ...c, baralhadas })),
    )
    fc.assert(
      fc.property(arb, ({ antes, regras, pedido, baralhadas }) => {
        expect(aceite(antes, { ...pedido, promocoes: baralhadas }, regras)).toEqual(aceite(antes, pedido, regras))
      }),
      RUNS,
    )
  })

  it('refunded whole, leaves the balance, points and rewards exactly as before the purchase', () => {
    fc.assert(
      fc.property(compraArb, ({ antes, regras, pedido }) => {
        const r = aceite(antes, pedido, regras)
        const depois = aplicar(antes, r.efeito)
        const d = devolverTudo(depois, r.valorPago, r.efeito, regras)
        expect(aplicar(depois, d.efeito)).toEqual(antes)
        expect(d.naoRecuperado).toEqual({ saldo: 0, pontos: 0 })
        // The promotions' points and credit come back with the rest.
        expect(0 - d.efeito.pontos_ganhos).toBe(r.efeito.pontos_ganhos)
        expect(d.efeito.saldo_removido).toBe(r.efeito.saldo_adicionado)
      }),
      RUNS,
    )
  })

  it('refunded in parts, takes back in proportion to the cent and adds up to the whole refund', () => {
    const arb = compraArb.chain((c) =>
      fc
        .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 })
        .map((cortes) => ({ ...c, cortes })),
    )
    fc.assert(
      fc.property(arb, ({ antes, regras, pedido, cortes }) => {
        const r = aceite(antes, pedido, regras)
        const V = r.valorPago
        const depois = aplicar(antes, r.efeito)
        const inteira = devolverTudo(depois, V, r.efeito, regras)
        // Cut points inside (0, V): the parts between them add up to V.
        const pontos = [...new Set(cortes.map((f) => Math.floor(f * V)))]
          .filter((x) => x > 0 && x < V)
          .sort((a, b) => a - b)
        const partes = [...pontos, V].map((x, i) => x - (i === 0 ? 0 : (pontos[i - 1] ?? 0)))
        let saldos = depois
        let devolvido = 0
        let itensRevertidos = 0
        let total = SEM_EFEITO
        for (const valor of V === 0 ? [0] : partes) {
          const d = devolucao(saldos, { valorPago: V, efeito: r.efeito, devolvido, itensRevertidos }, valor, regras)
          saldos = aplicar(saldos, d.efeito)
          devolvido += valor
          itensRevertidos += d.itensRevertidos
          total = somar(total, d.efeito)
          expect(d.naoRecuperado).toEqual({ saldo: 0, pontos: 0 })
          for (const v of Object.values(saldos)) expect(v).toBeGreaterThanOrEqual(0)
          if (V > 0) {
            // So far: each amount in proportion to what was refunded of what was paid, rounded half up on the total.
            const proporcao = (x: number) => roundHalfUp(x * devolvido, V)
            expect(total.saldo_removido).toBe(proporcao(r.efeito.saldo_adicionado))
            expect(total.saldo_adicionado).toBe(proporcao(r.efeito.saldo_removido))
            expect(0 - total.pontos_ganhos).toBe(proporcao(r.efeito.pontos_ganhos))
          }
        }
        expect(total).toEqual(somar(SEM_EFEITO, inteira.efeito))
        expect(saldos).toEqual(aplicar(depois, inteira.efeito))
        expect(saldos).toEqual(antes)
      }),
      RUNS,
    )
  })
})

describe('promotions, by example', () => {
  const REGRAS: Regras = { creditoPercent: 5, pontosPorEuro: 1, patamar: 100 }
  const ZERO: Saldos = { saldo: 0, pontos: 0, itens: 0 }
  const promo = (id: number, over: Partial<PromocaoEmVigor>): PromocaoEmVigor => ({
    id,
    nome: `Promoção ${id}`,
    efeito: 'multiplicar_pontos',
    multiplicador: 1,
    pontos: 0,
    cod_produto: null,
    gasto_minimo: 0,
    credito_percent: 0,
    ...over,
  })
  const dobro = promo(1, { nome: 'Dobro de pontos', multiplicador: 2 })
  const triplo = promo(2, { nome: 'Triplo', multiplicador: 3 })
  const bica = promo(3, { nome: 'Bica em dobro', efeito: 'pontos_produto', pontos: 50, cod_produto: 'BICA' })
  const acimaDe15 = promo(4, { efeito: 'pontos_gasto_minimo', pontos: 25, gasto_minimo: 1500 })
  const dezPorCento = promo(5, { efeito: 'credito_percent', credito_percent: 10 })
  const comprar = (total: number, promocoes: PromocaoEmVigor[], produtos: ProdutoComprado[] = []) =>
    aceite(ZERO, { total, saldoAUsar: 0, itensARedimir: 0, promocoes, produtos }, REGRAS)

  it('20,00 € at 1 point per euro, ×2: 40 points, 20 of them the promotion’s', () => {
    const r = comprar(2000, [dobro])
    expect(r.efeito).toMatchObject({ pontos_ganhos: 40, saldo_adicionado: 100 })
    expect(r.promocoes).toEqual([{ id: 1, nome: 'Dobro de pontos', pontos: 20, credito: 0 }])
  })

  it('×2 and ×3 together: ×3 only, named alone', () => {
    const r = comprar(2000, [triplo, dobro])
    expect(r.efeito.pontos_ganhos).toBe(60)
    expect(r.promocoes).toEqual([{ id: 2, nome: 'Triplo', pontos: 40, credito: 0 }])
    // Two of the same multiplier: the older one (lower id) is named.
    const outro = promo(9, { multiplicador: 3 })
    expect(comprar(2000, [outro, triplo]).promocoes).toEqual([{ id: 2, nome: 'Triplo', pontos: 40, credito: 0 }])
  })

  it('50 points per Bica, 2 of them: +100, not multiplied by a ×2 in force', () => {
    const produtos = [
      { cod_produto: 'BICA', quantidade: 1 },
      { cod_produto: '1001', quantidade: 3 },
      { cod_produto: 'BICA', quantidade: 1 },
    ]
    expect(comprar(2000, [bica], produtos).efeito.pontos_ganhos).toBe(120)
    const r = comprar(2000, [bica, dobro], produtos)
    expect(r.efeito.pontos_ganhos).toBe(140)
    expect(r.promocoes).toEqual([
      { id: 1, nome: 'Dobro de pontos', pontos: 20, credito: 0 },
      { id: 3, nome: 'Bica em dobro', pontos: 100, credito: 0 },
    ])
    // No Bica in the cart: the promotion adds nothing and is not listed.
    expect(comprar(2000, [bica], [{ cod_produto: '1001', quantidade: 3 }]).promocoes).toEqual([])
  })

  it('a minimum spend’s bonus from the cent it is reached, on what was paid', () => {
    expect(comprar(1499, [acimaDe15]).promocoes).toEqual([])
    expect(comprar(1500, [acimaDe15]).promocoes).toEqual([{ id: 4, nome: 'Promoção 4', pontos: 25, credito: 0 }])
    // 20,00 € with 6,00 € of balance: 14,00 € paid, under the minimum.
    const r = aceite(
      { saldo: 600, pontos: 0, itens: 0 },
      { total: 2000, saldoAUsar: 600, itensARedimir: 0, promocoes: [acimaDe15] },
      REGRAS,
    )
    expect(r.promocoes).toEqual([])
  })

  it('10 % of credit over the rules’ 5 %: 2,00 € on 20,00 €, 1,00 € of it the promotion’s; one under the rules’ adds nothing', () => {
    const r = comprar(2000, [dezPorCento])
    expect(r.efeito.saldo_adicionado).toBe(200)
    expect(r.promocoes).toEqual([{ id: 5, nome: 'Promoção 5', pontos: 0, credito: 100 }])
    const quatro = promo(6, { efeito: 'credito_percent', credito_percent: 4 })
    expect(comprar(2000, [quatro]).efeito.saldo_adicionado).toBe(100)
    expect(comprar(2000, [quatro]).promocoes).toEqual([])
  })

  it('a refund of the whole takes back the doubled points; half of it, half of them', () => {
    const r = comprar(2000, [dobro])
    const depois = aplicar(ZERO, r.efeito)
    const original = { valorPago: 2000, efeito: r.efeito, devolvido: 0, itensRevertidos: 0 }
    expect(devolucao(depois, original, 2000, REGRAS).efeito).toMatchObject({ pontos_ganhos: -40, saldo_removido: 100 })
    expect(devolucao(depois, original, 1000, REGRAS).efeito).toMatchObject({ pontos_ganhos: -20, saldo_removido: 50 })
  })
})
