import { describe, expect, it } from 'vitest'
import { JSON_DEPTH_MAX, jsonDepthExceeds } from './http.ts'

const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

describe('jsonDepthExceeds', () => {
  it('counts nesting of objects and arrays, up to the limit and past it', () => {
    expect(jsonDepthExceeds(objects(JSON_DEPTH_MAX), JSON_DEPTH_MAX)).toBe(false)
    expect(jsonDepthExceeds(objects(JSON_DEPTH_MAX + 1), JSON_DEPTH_MAX)).toBe(true)
    expect(jsonDepthExceeds(arrays(JSON_DEPTH_MAX), JSON_DEPTH_MAX)).toBe(false)
    expect(jsonDepthExceeds(arrays(JSON_DEPTH_MAX + 1), JSON_DEPTH_MAX)).toBe(true)
    expect(jsonDepthExceeds(`[${objects(20)}, ${arrays(20)}]`, JSON_DEPTH_MAX)).toBe(false)
    // Width is not depth: many siblings at one level.
    expect(jsonDepthExceeds(`[${Array(10_000).fill('{"a":[1]}').join(',')}]`, 3)).toBe(false)
    expect(jsonDepthExceeds('"just a string"', 0)).toBe(false)
    expect(jsonDepthExceeds('42', 0)).toBe(false)
  })

  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[{{{{{{' }), 1)).toBe(false)
    expect(jsonDepthExceeds(JSON.stringify({ a: 'quote \\" [[[[', b: '\\\\', c: '[[[[' }), 1)).toBe(false)
    expect(jsonDepthExceeds(JSON.stringify({ a: '\\', b: [[1]] }), 2)).toBe(true)
    expect(jsonDepthExceeds(JSON.stringify({ 'k[[[[': 1 }), 1)).toBe(false)
  })

  it('reads a 10,000-deep body and a large flat one in one cheap pass', () => {
    expect(jsonDepthExceeds(objects(10_000), JSON_DEPTH_MAX)).toBe(true)
    expect(jsonDepthExceeds(arrays(1_000_000), JSON_DEPTH_MAX)).toBe(true)
    const large = JSON.stringify({ itens: Array.from({ length: 50_000 }, (_, i) => ({ id: i, nome: `produto ${i}` })) })
    const start = performance.now()
    expect(jsonDepthExceeds(large, JSON_DEPTH_MAX)).toBe(false)
    expect(performance.now() - start).toBeLessThan(500)
  })
})
