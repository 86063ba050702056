import { describe, expect, it } from 'vitest'
import { METODOS_PAGAMENTO } from '../../../shared/metodos-pagamento.ts'
import { metodosDoDispositivo } from './metodos-do-dispositivo.ts'

describe('payment methods on this device', () => {
  it('offers Apple Pay only where Apple Pay can pay, and Google Pay only outside Safari with Payment Request', () => {
    expect(metodosDoDispositivo(METODOS_PAGAMENTO, {})).toEqual(['mbway', 'multibanco', 'cartao'])
    expect(metodosDoDispositivo(METODOS_PAGAMENTO, { PaymentRequest: class {} })).toEqual([
      'mbway',
      'multibanco',
      'cartao',
      'googlepay',
    ])
    const safari = { PaymentRequest: class {}, ApplePaySession: { canMakePayments: () => true } }
    expect(metodosDoDispositivo(METODOS_PAGAMENTO, safari)).toEqual(['mbway', 'multibanco', 'cartao', 'applepay'])
    const semCartao = { ApplePaySession: { canMakePayments: () => false } }
    expect(metodosDoDispositivo(METODOS_PAGAMENTO, semCartao)).toEqual(['mbway', 'multibanco', 'cartao'])
    const falha = {
      ApplePaySession: {
        canMakePayments: () => {
          throw new Error('insecure')
        },
      },
    }
    expect(metodosDoDispositivo(['applepay', 'mbway'], falha)).toEqual(['mbway'])
  })
})
