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
