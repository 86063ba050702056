import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { carimbosPorOferta } from '../../../shared/carimbos-textos.ts'
import {
  aplicarCarimbos,
  type CompraCarimbos,
  carimbosDaCompra,
  carimbosDaDevolucao,
  parteDaDevolucao,
  type SaldoCarimbos,
} from './ledger-carimbos.ts'

/**
 * The stamp card's arithmetic (decision 0057), for any card, purchase and refunds: every Nth unit bought is offered,
 * nothing goes negative, and a purchase refunded (whole, or in parts that add up to what was paid) leaves the card
 * exactly where it would be had the purchase never happened, while the stamps it gave are still there to take back.
 */
const porOfertaArb = fc.integer({ min: 2, max: 50 })
const cartaoArb = (porOferta: number) =>
  fc.record({
    carimbos: fc.integer({ min: 0, max: carimbosPorOferta(porOferta) - 1 }),
    ofertas: fc.integer({ min: 0, max: 5 }),
  })

describe('a stamp card', () => {
  it('stamps each unit bought, not those offered, and makes an offer of every N − 1 stamps', () => {
    fc.assert(
      fc.property(
        porOfertaArb.chain((n) => fc.tuple(fc.constant(n), cartaoArb(n))),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        ([porOferta, antes], unidades, ofertasAUsar, ganha) => {
          const r = carimbosDaCompra(antes, { unidades, ofertasAUsar, porOferta, ganha })
          if (ofertasAUsar > antes.ofertas) {
            expect(r).toEqual({ recusa: 'ofertas-insuficientes' })
            return
          }
          if ('recusa' in r) throw new Error('refused')
          const ganhos = ganha ? Math.max(unidades - ofertasAUsar, 0) : 0
          expect(r.efeito.carimbos_ganhos).toBe(ganhos)
          const depois = aplicarCarimbos(antes, r.efeito)
          const precisos = porOferta - 1
          // Every stamp ever given is either still on the card or in an offer made of N − 1 of them.
          expect(depois.carimbos + (depois.ofertas - antes.ofertas + ofertasAUsar) * precisos).toBe(
            antes.carimbos + ganhos,
          )
          expect(depois.carimbos).toBeGreaterThanOrEqual(0)
          expect(depois.carimbos).toBeLessThan(precisos)
          expect(depois.ofertas).toBeGreaterThanOrEqual(0)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('comes back exactly with refunds, whole or in parts by money or by units, never below zero', () => {
    fc.assert(
      fc.property(
        porOfertaArb.chain((n) => fc.tuple(fc.constant(n), cartaoArb(n))),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(fc.oneof(fc.record({ dinheiro: fc.integer({ min: 1, max: 1000 }) }), fc.nat({ max: 10 })), {
          maxLength: 4,
        }),
        ([porOferta, inicio], unidades, ofertasAUsar, valorPago, partes) => {
          const antes: SaldoCarimbos = { ...inicio, ofertas: inicio.ofertas + ofertasAUsar }
          const r = carimbosDaCompra(antes, { unidades, ofertasAUsar, porOferta, ganha: true })
          if ('recusa' in r) throw new Error('refused')
          let cartao = aplicarCarimbos(antes, r.efeito)
          const original: CompraCarimbos = { efeito: r.efeito, porOferta, retirados: 0, ofertasRevertidas: 0 }
          let devolvido = 0
          const passos = [...partes, null]
          for (const parte of passos) {
            const completa = parte === null || valorPago === 0
            const valor = completa
              ? valorPago - devolvido
              : typeof parte === 'number'
                ? 0
                : Math.min(Math.floor(((valorPago - devolvido) * parte.dinheiro) / 2000), valorPago - devolvido)
            if (!completa && devolvido + valor === valorPago) continue
            const d = carimbosDaDevolucao(cartao, original, {
              completa,
              unidades: typeof parte === 'number' ? parte : null,
              parte: parteDaDevolucao(valorPago, devolvido, valor),
            })
            cartao = aplicarCarimbos(cartao, d.efeito)
            expect(cartao.carimbos).toBeGreaterThanOrEqual(0)
            expect(cartao.ofertas).toBeGreaterThanOrEqual(0)
            expect(d.perdidos).toBe(0)
            original.retirados += d.retirados
            original.ofertasRevertidas += d.revertidas
            devolvido += valor
            if (completa) break
          }
          expect(original.retirados).toBe(r.efeito.carimbos_ganhos)
          expect(cartao).toEqual(antes)
        },
      ),
      { numRuns: 2000 },
    )
  })

  it('keeps an offer its stamps made when later purchases stamped the card again', () => {
    // 8 of 9; a coffee makes the offer (0 stamps); another coffee (1 stamp); the first purchase is refunded whole:
    // 8 + 1 = 9 stamps had it never happened, which is the offer and none left.
    const primeira = carimbosDaCompra(
      { carimbos: 8, ofertas: 0 },
      { unidades: 1, ofertasAUsar: 0, porOferta: 10, ganha: true },
    )
    if ('recusa' in primeira) throw new Error('refused')
    const depois = aplicarCarimbos(aplicarCarimbos({ carimbos: 8, ofertas: 0 }, primeira.efeito), {
      carimbos_ganhos: 1,
      carimbos_convertidos: 0,
      ofertas_ganhas: 0,
      ofertas_usadas: 0,
    })
    expect(depois).toEqual({ carimbos: 1, ofertas: 1 })
    const d = carimbosDaDevolucao(
      depois,
      { efeito: primeira.efeito, porOferta: 10, retirados: 0, ofertasRevertidas: 0 },
      { completa: true, unidades: null, parte: (x) => x },
    )
    expect(aplicarCarimbos(depois, d.efeito)).toEqual({ carimbos: 0, ofertas: 1 })
  })

  it('stops at zero when the offer its stamps made was given already, and says how many were lost', () => {
    // 8 of 9 stamps; two coffees make an offer (1 stamp left); the offer is given; then the purchase is refunded.
    const r = carimbosDaCompra(
      { carimbos: 8, ofertas: 0 },
      { unidades: 2, ofertasAUsar: 0, porOferta: 10, ganha: true },
    )
    if ('recusa' in r) throw new Error('refused')
    const depois = aplicarCarimbos({ carimbos: 8, ofertas: 0 }, r.efeito)
    expect(depois).toEqual({ carimbos: 1, ofertas: 1 })
    const usada = aplicarCarimbos(depois, {
      carimbos_ganhos: 0,
      carimbos_convertidos: 0,
      ofertas_ganhas: 0,
      ofertas_usadas: 1,
    })
    const d = carimbosDaDevolucao(
      usada,
      { efeito: r.efeito, porOferta: 10, retirados: 0, ofertasRevertidas: 0 },
      { completa: true, unidades: null, parte: (x) => x },
    )
    expect(aplicarCarimbos(usada, d.efeito)).toEqual({ carimbos: 0, ofertas: 0 })
    expect(d.perdidos).toBe(1)
    expect(d.retirados).toBe(2)
  })
})
