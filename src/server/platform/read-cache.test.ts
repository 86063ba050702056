import { describe, expect, it } from 'vitest'
import { manualClock } from './clock.ts'
import { createReadCache } from './read-cache.ts'

/** A load the test finishes when it wants, counting how often the cache asked for it. */
function controlledLoad<T>() {
  let calls = 0
  const pending: { resolve: (value: T) => void; reject: (error: Error) => void }[] = []
  return {
    get calls() {
      return calls
    },
    load: () => {
      calls++
      return new Promise<T>((resolve, reject) => pending.push({ resolve, reject }))
    },
    resolve: (value: T) => pending.shift()?.resolve(value),
    reject: (error: Error) => pending.shift()?.reject(error),
  }
}

const options = { maxEntries: 10, maxAgeMs: 60_000 }

describe('read cache', () => {
  it('loads a key once and serves it from memory after', async () => {
    const cache = createReadCache(options)
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('a', ['t'], load)).toBe(1)
    expect(await cache.get('a', ['t'], load)).toBe(1)
    expect(loads).toBe(1)
  })

  it('gives callers that miss together one load', async () => {
    const cache = createReadCache(options)
    const source = controlledLoad<string>()
    const both = Promise.all([cache.get('a', ['t'], source.load), cache.get('a', ['t'], source.load)])
    source.resolve('v')
    expect(await both).toEqual(['v', 'v'])
    expect(source.calls).toBe(1)
  })

  it('loads again after any of the entry’s tags is invalidated, and only those entries', async () => {
    const cache = createReadCache(options)
    let version = 1
    const load = async () => version
    await cache.get('lista', ['conteudos', 'novidades'], load)
    await cache.get('outra', ['conteudos', 'campanhas'], load)
    version = 2
    cache.invalidate('novidades')
    expect(await cache.get('lista', ['conteudos', 'novidades'], load)).toBe(2)
    expect(await cache.get('outra', ['conteudos', 'campanhas'], load)).toBe(1)
    version = 3
    cache.invalidate('conteudos')
    expect(await cache.get('lista', ['conteudos', 'novidades'], load)).toBe(3)
    expect(await cache.get('outra', ['conteudos', 'campanhas'], load)).toBe(3)
  })

  it('never serves a load begun before an invalidation to a read made after it', async () => {
    const cache = createReadCache(options)
    const source = controlledLoad<string>()
    const before = cache.get('a', ['t'], source.load)
    cache.invalidate('t')
    const after = cache.get('a', ['t'], source.load)
    source.resolve('old rows')
    source.resolve('new rows')
    expect(await before).toBe('old rows')
    expect(await after).toBe('new rows')
    expect(await cache.get('a', ['t'], source.load)).toBe('new rows')
  })

  it('keeps no failed load: the next read tries again', async () => {
    const cache = createReadCache(options)
    const source = controlledLoad<string>()
    const failed = cache.get('a', ['t'], source.load)
    source.reject(new Error('not found'))
    await expect(failed).rejects.toThrow('not found')
    const retried = cache.get('a', ['t'], source.load)
    source.resolve('found')
    expect(await retried).toBe('found')
    expect(cache.size).toBe(1)
  })

  it('keeps at most maxEntries, dropping the least recently read', async () => {
    const cache = createReadCache({ ...options, maxEntries: 2 })
    const loads: string[] = []
    const load = (key: string) => async () => {
      loads.push(key)
      return key
    }
    await cache.get('a', [], load('a'))
    await cache.get('b', [], load('b'))
    await cache.get('a', [], load('a'))
    await cache.get('c', [], load('c'))
    expect(cache.size).toBe(2)
    await cache.get('a', [], load('a'))
    await cache.get('b', [], load('b'))
    expect(loads).toEqual(['a', 'b', 'c', 'b'])
  })

  it('loads an entry again once it is older than maxAgeMs', async () => {
    let now = 0
    const cache = createReadCache({ ...options, maxAgeMs: 1000, now: () => now })
    let version = 1
    const load = async () => version
    await cache.get('a', [], load)
    version = 2
    now = 1000
    expect(await cache.get('a', [], load)).toBe(1)
    now = 1001
    expect(await cache.get('a', [], load)).toBe(2)
  })

  it('loads again from the moment the value said it stops being true (`until`, on the wall clock)', async () => {
    const clock = manualClock('2026-12-24T23:59:00.000Z')
    const cache = createReadCache({ ...options, clock })
    let version = 1
    const load = async () => ({ version, until: new Date('2026-12-25T00:00:00.000Z') })
    const until = (value: { until: Date }) => value.until
    expect((await cache.get('a', [], load, { until })).version).toBe(1)
    version = 2
    clock.advance(59_999)
    expect((await cache.get('a', [], load, { until })).version).toBe(1)
    clock.advance(1)
    expect((await cache.get('a', [], load, { until })).version).toBe(2)
    // No end: kept as any other entry.
    expect(await cache.get('b', [], async () => 1, { until: () => null })).toBe(1)
    clock.advance(10 * 60_000)
    expect(await cache.get('b', [], async () => 2, { until: () => null })).toBe(1)
  })

  it('forgets everything on clear', async () => {
    const cache = createReadCache(options)
    await cache.get('a', ['t'], async () => 1)
    cache.clear()
    expect(cache.size).toBe(0)
    expect(await cache.get('a', ['t'], async () => 2)).toBe(2)
  })
})
