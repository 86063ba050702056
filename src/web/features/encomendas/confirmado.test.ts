import { describe, expect, it } from 'vitest'
import { devolvidoAoCliente } from './EncomendaCancelada.tsx'

describe('what a cancelled order gives back, as the customer reads it', () => {
  it('a paid order: the MB WAY amount and the balance used', () => {
    expect(
      devolvidoAoCliente({ pago: true, valor_pago: 160, desconto: 100, desconto_premio: 0, pago_com: 'MB WAY' }),
    ).toEqual(['O valor pago (1,60\u00a0€) é devolvido por MB WAY.', 'O saldo usado (1,00\u00a0€) voltou à sua conta.'])
  })

  it('back through the method paid with; a Multibanco payment by bank transfer, which the provider cannot refund', () => {
    expect(
      devolvidoAoCliente({ pago: true, valor_pago: 160, desconto: 0, desconto_premio: 0, pago_com: 'cartão' }),
    ).toEqual(['O valor pago (1,60\u00a0€) é devolvido por cartão.'])
    expect(
      devolvidoAoCliente({ pago: true, valor_pago: 160, desconto: 0, desconto_premio: 0, pago_com: 'Multibanco' }),
    ).toEqual(['O valor pago (1,60\u00a0€) é devolvido por transferência bancária.'])
  })

  it('a reward used on it: back to the account', () => {
    expect(devolvidoAoCliente({ pago: true, valor_pago: 0, desconto: 0, desconto_premio: 90, pago_com: null })).toEqual(
      ['O prémio usado voltou à sua conta.'],
    )
  })

  it('a payment that never came: nothing was charged, the balance is back', () => {
    expect(
      devolvidoAoCliente({ pago: false, valor_pago: 250, desconto: 50, desconto_premio: 0, pago_com: 'cartão' }),
    ).toEqual(['O pagamento não foi concluído: nada foi cobrado.', 'O saldo usado (0,50\u00a0€) voltou à sua conta.'])
  })

  it('an order paid wholly with balance: only the balance', () => {
    expect(
      devolvidoAoCliente({ pago: true, valor_pago: 0, desconto: 300, desconto_premio: 0, pago_com: null }),
    ).toEqual(['O saldo usado (3,00\u00a0€) voltou à sua conta.'])
  })
})
