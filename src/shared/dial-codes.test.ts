import { getCountries, getCountryCallingCode } from 'libphonenumber-js/mobile'
import { describe, expect, it } from 'vitest'
import { DIAL_CODES } from './dial-codes.ts'

describe('DIAL_CODES', () => {
  it('is the numbering plans of the installed libphonenumber-js (else run node scripts/dial-codes.mjs)', () => {
    const fromPlans = Object.fromEntries(getCountries().map((code) => [code, getCountryCallingCode(code)]))
    expect(DIAL_CODES).toEqual(fromPlans)
  })
})
