import type { DatabaseTransaction } from '../../platform/db.ts'
import type { Desafios } from './challenges.ts'
import type { ContaContext, Phone } from './context.ts'

/**
 * A guest's phone (decision 0050): confirmed by an SMS code for one order, under the very limits of a sign-up, with
 * no account made. What the confirmation opens (the guest and their token) is ordering's, written by `aoConfirmar` in
 * the transaction that spends the code.
 */
export function createConvidadoConta(ctx: ContaContext, desafios: Desafios) {
  const { unitOfWork, phoneOf, deliver } = ctx
  const { limitIp, startChallenge, verifyChallenge, spend } = desafios

  return {
    /** Sends the code; returns the hash the app sends back with it. */
    async pedirCodigoConvidado(input: { telemovel: string; pais: string }, ip: string): Promise<string> {
      await limitIp(ip)
      return startChallenge('convidado', phoneOf(input), null, ip)
    },

    /** Checks the code (5 tries, 10 minutes, single use) and spends it in the transaction of `aoConfirmar`. */
    async confirmarConvidado<T>(
      hash: string,
      codigo: string,
      ip: string,
      aoConfirmar: (trx: DatabaseTransaction, phone: Phone) => Promise<T>,
    ): Promise<T> {
      const desafio = await verifyChallenge('convidado', hash, codigo, ip)
      return unitOfWork(async ({ conta, trx }) => {
        await spend(conta, desafio)
        return aoConfirmar(trx, { telemovel: desafio.telemovel, pais: desafio.pais, e164: desafio.telemovel_e164 })
      })
    },

    /** One SMS to a guest (their order's link); false when it could not be sent. */
    enviarSmsConvidado: (e164: string, texto: string) => deliver(e164, texto),
  }
}
