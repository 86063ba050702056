import { describe, expect, it } from 'vitest'
import { nextRating, starLabel } from './stars.ts'

describe('nextRating (spec §5: clicking the current star lowers it by one, the first clears)', () => {
  it('sets the rating to the star clicked', () => {
    expect(nextRating(null, 1)).toBe(1)
    expect(nextRating(null, 4)).toBe(4)
    expect(nextRating(2, 5)).toBe(5)
    expect(nextRating(5, 2)).toBe(2)
  })

  it('lowers by one when the current star is clicked again', () => {
    expect(nextRating(5, 5)).toBe(4)
    expect(nextRating(3, 3)).toBe(2)
    expect(nextRating(2, 2)).toBe(1)
  })

  it('clears when the first star is the current one and is clicked', () => {
    expect(nextRating(1, 1)).toBeNull()
  })

  it('walks down to nothing by clicking the same star', () => {
    let rating: number | null = 3
    const seen: (number | null)[] = []
    for (let i = 0; i < 3; i++) {
      rating = nextRating(rating, rating ?? 1)
      seen.push(rating)
    }
    expect(seen).toEqual([2, 1, null])
  })
})

describe('starLabel', () => {
  it('reads as pt-PT', () => {
    expect(starLabel(3, 5)).toBe('3 de 5 estrelas')
    expect(starLabel(1, 5)).toBe('1 de 5 estrelas')
  })
})
