import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  corteEm,
  expirado,
  type Fluxo,
  inicioDoMes,
  proximasExpiracoes,
  somarMeses,
  ultimoDiaDoMes,
} from './ledger-expiracao.ts'

/**
 * The expiry's arithmetic (decision 0058) against the model it stands for: lots of credit and points, each of its
 * month, spent oldest first, a month's lots expiring when the `meses`th month after it ends. Whatever the earnings
 * and spending, the closed form (what was earned before the cut, less all that went out) is what the lots say has
 * expired, never more than is held, and writing it as a movement leaves nothing more to expire.
 */

/** Mid-month of month `k` after January 2026. */
const instante = (k: number) => `${somarMeses('2026-01', k)}-15T12:00:00.000Z`

type Evento = { mes: number; ganho: number; pontos: number; gasto: number; gastoPontos: number }

function simular(eventos: Evento[], meses: number, agoraMes: number) {
  const lotes: { mes: number; saldo: number; pontos: number }[] = []
  const fluxos: Fluxo[] = []
  for (const e of [...eventos].sort((a, b) => a.mes - b.mes)) {
    if (e.mes > agoraMes) continue
    // The oldest first: what is spent comes off the earliest lots.
    let [gasto, gastoPontos] = [0, 0]
    const porGastar = { saldo: e.gasto, pontos: e.gastoPontos }
    for (const l of lotes) {
      const s = Math.min(l.saldo, porGastar.saldo)
      const p = Math.min(l.pontos, porGastar.pontos)
      l.saldo -= s
      l.pontos -= p
      porGastar.saldo -= s
      porGastar.pontos -= p
      gasto += s
      gastoPontos += p
    }
    lotes.push({ mes: e.mes, saldo: e.ganho, pontos: e.pontos })
    fluxos.push({
      criado_em: instante(e.mes),
      saldo_adicionado: e.ganho,
      saldo_removido: gasto,
      // Points go out as a purchase spends them: turned into rewards.
      pontos_ganhos: e.pontos,
      pontos_convertidos: gastoPontos,
    })
  }
  // At mid-month `agoraMes`, the lots of months up to agoraMes − meses − 1 have expired.
  const expirou = lotes.filter((l) => l.mes <= agoraMes - meses - 1)
  return {
    fluxos,
    esperado: { saldo: expirou.reduce((s, l) => s + l.saldo, 0), pontos: expirou.reduce((s, l) => s + l.pontos, 0) },
    saldo: lotes.reduce((s, l) => s + l.saldo, 0),
    pontos: lotes.reduce((s, l) => s + l.pontos, 0),
  }
}

const eventoArb = fc.record({
  mes: fc.integer({ min: 0, max: 30 }),
  ganho: fc.integer({ min: 0, max: 5000 }),
  pontos: fc.integer({ min: 0, max: 200 }),
  gasto: fc.integer({ min: 0, max: 8000 }),
  gastoPontos: fc.integer({ min: 0, max: 300 }),
})

describe('the expiry of credit and points', () => {
  it('expires what the lots say, oldest spent first, never more than is held, and only once', () => {
    fc.assert(
      fc.property(
        fc.array(eventoArb, { maxLength: 25 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 36 }),
        (eventos, meses, agoraMes) => {
          const { fluxos, esperado, saldo, pontos } = simular(eventos, meses, agoraMes)
          const agora = new Date(instante(agoraMes))
          const e = expirado(fluxos, corteEm(agora, meses))
          expect(e).toEqual(esperado)
          expect(e.saldo).toBeLessThanOrEqual(saldo)
          expect(e.pontos).toBeLessThanOrEqual(pontos)
          // Written as a movement (an outflow), nothing more expires at the same cut.
          const escrita: Fluxo = {
            criado_em: agora.toISOString(),
            saldo_adicionado: 0,
            saldo_removido: e.saldo,
            pontos_ganhos: -e.pontos,
            pontos_convertidos: 0,
          }
          expect(expirado([...fluxos, escrita], corteEm(agora, meses))).toEqual({ saldo: 0, pontos: 0 })
        },
      ),
      { numRuns: 1500 },
    )
  })

  it('says what expires next: at the end of which month, and how much, as the lots say', () => {
    fc.assert(
      fc.property(
        fc.array(eventoArb, { maxLength: 15 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 24 }),
        (eventos, meses, agoraMes) => {
          const { fluxos } = simular(eventos, meses, agoraMes)
          const agora = new Date(instante(agoraMes))
          const [proxima] = proximasExpiracoes(fluxos, agora, meses)
          const ja = expirado(fluxos, corteEm(agora, meses))
          if (!proxima) {
            // Nothing more than what has already expired would, however long one waits.
            expect(expirado(fluxos, inicioDoMes(somarMeses('2026-01', 200)))).toEqual(ja)
            return
          }
          // At the start of the month after `dia`, exactly that much more has expired.
          const depois = new Date(`${somarMeses(proxima.dia.slice(0, 7), 1)}-01T12:00:00.000Z`)
          const mais = expirado(fluxos, corteEm(depois, meses))
          expect({ saldo: mais.saldo - ja.saldo, pontos: mais.pontos - ja.pontos }).toEqual({
            saldo: proxima.saldo,
            pontos: proxima.pontos,
          })
          expect(proxima.dia).toBe(ultimoDiaDoMes(proxima.dia.slice(0, 7)))
        },
      ),
      { numRuns: 1500 },
    )
  })

  it('reads months in Lisbon: a purchase at 23:30 UTC on 31 January is February’s there in summer time only', () => {
    expect(somarMeses('2026-01', -1)).toBe('2025-12')
    expect(somarMeses('2026-12', 1)).toBe('2027-01')
    expect(ultimoDiaDoMes('2028-02')).toBe('2028-02-29')
    // 1 July begins at 23:00 UTC on 30 June in Lisbon (summer time).
    expect(inicioDoMes('2026-07')).toBe('2026-06-30T23:00:00.000Z')
    expect(inicioDoMes('2026-01')).toBe('2026-01-01T00:00:00.000Z')
  })
})
