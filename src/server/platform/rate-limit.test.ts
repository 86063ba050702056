import { describe, expect, it } from 'vitest'
import { networkOf } from './rate-limit.ts'

describe('per-IP limit keys', () => {
  it('count an IPv4 address as itself, also when IPv6-mapped', () => {
    expect(networkOf('203.0.113.10')).toBe('203.0.113.10')
    expect(networkOf('::ffff:203.0.113.10')).toBe('203.0.113.10')
  })

  it('count every address of an IPv6 /64 together, however it is written', () => {
    const net = '2001:db8:85a3:1::/64'
    expect(networkOf('2001:db8:85a3:1::1')).toBe(net)
    expect(networkOf('2001:0db8:85a3:0001:ffff:1234:5678:9abc')).toBe(net)
    expect(networkOf('2001:DB8:85A3:1:0:0:0:2')).toBe(net)
    expect(networkOf('2001:db8:85a3:1::7%eth0')).toBe(net)
    expect(networkOf('2001:db8:85a3:2::1')).toBe('2001:db8:85a3:2::/64')
    expect(networkOf('::1')).toBe('0:0:0:0::/64')
    expect(networkOf('2001:db8::')).toBe('2001:db8:0:0::/64')
    expect(networkOf('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64')
  })
})

describe('throttles in memory', () => {
  it('count per fixed window, refuse past the limit, give back, and start again with the next window', async () => {
    const { createMemoryRateLimiter } = await import('./rate-limit.ts')
    const { manualClock } = await import('./clock.ts')
    const clock = manualClock('2026-11-22T10:00:00.000Z')
    const throttle = createMemoryRateLimiter(clock)
    const rule = { max: 2, windowMs: 60_000 }
    expect((await throttle.hit('k', rule)).allowed).toBe(true)
    expect((await throttle.hit('k', rule)).allowed).toBe(true)
    const over = await throttle.hit('k', rule)
    expect(over).toEqual({ allowed: false, retryAfterMs: 60_000 })
    await throttle.release('k', rule)
    expect((await throttle.count('k', rule)).count).toBe(2)
    expect((await throttle.hit('other', rule)).allowed).toBe(true)
    clock.advance(60_000)
    expect((await throttle.hit('k', rule)).allowed).toBe(true)
  })
})
