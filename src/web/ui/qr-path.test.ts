import { create } from 'qrcode'
import { describe, expect, it } from 'vitest'
import { qrPath } from './qr-path.ts'

/** The dark cells a path draws, as "x,y" keys: each stroke is `M{x} {y}h{n}v1h-{n}z`. */
function cellsOf(d: string): Set<string> {
  const cells = new Set<string>()
  for (const [, x, y, n] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(n); i++) cells.add(`${Number(x) + i},${Number(y)}`)
  }
  return cells
}

describe('qrPath', () => {
  it('draws exactly the dark modules of the level-H code, inside a quiet zone of 4', () => {
    const text = 'pPe_Huq8qEo4Ujj50Q4hBy20'
    const { size, d } = qrPath(create, text)
    const { modules } = create(text, { errorCorrectionLevel: 'H' })
    expect(size).toBe(modules.size + 8)
    const expected = new Set<string>()
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) if (modules.get(y, x)) expected.add(`${x + 4},${y + 4}`)
    }
    expect(cellsOf(d)).toEqual(expected)
    // One stroke per run of dark modules in a row, not one per module.
    expect(d.match(/M/g)?.length).toBeLessThan(expected.size)
  })
})
