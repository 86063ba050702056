/** What the card in a wallet shows: the same as the app's card (the customer's name, balances and loyalty QR). */
export interface Cartao {
  /** The pass's serial (Apple) and the end of the loyalty object's id (Google). */
  serie: string
  nome: string | null
  /** The loyalty QR's content, the one the till reads. */
  qr: string
  /** Balance, in cents. */
  saldo: number
  pontos: number
  /** Rewards to use at the store. */
  itens: number
  /** Points that make one reward. */
  patamar: number
  /** What a reward is (`Café oferta`), null while the back-office has defined none. */
  premio: string | null
  /** The birthday reward to use and its last day (`Bolo oferta, até 12/12/2026`), or null. */
  aniversario: string | null
}

/** The rules' line: how many points make a reward, and what it is. */
export const regrasDoCartao = (c: Pick<Cartao, 'patamar' | 'premio'>) =>
  `${c.patamar} pontos dão 1 prémio a usar na loja${c.premio ? `: ${c.premio}` : ''}.`

/** The Google Wallet ids: the issuer's, and the loyalty class the objects belong to. */
export interface GoogleIds {
  issuerId: string
  /** `<issuer id>.<suffix>`, or the suffix alone. */
  classId: string
}

export const objectIdGoogle = (ids: GoogleIds, serie: string) => `${ids.issuerId}.${serie}`

const classeGoogle = (ids: GoogleIds) => (ids.classId.includes('.') ? ids.classId : `${ids.issuerId}.${ids.classId}`)

/**
 * The fields of a loyalty object a change rewrites (its PATCH): the same name, balances, rewards and QR as the Apple
 * pass. Money as Google writes it: micros of a euro (1 cent = 10 000 micros).
 */
export function camposGoogle(cartao: Omit<Cartao, 'serie'>) {
  return {
    state: 'ACTIVE',
    accountName: cartao.nome ?? '',
    loyaltyPoints: { label: 'Pontos', balance: { int: cartao.pontos } },
    secondaryLoyaltyPoints: {
      label: 'Saldo',
      balance: { money: { currencyCode: 'EUR', micros: cartao.saldo * 10_000 } },
    },
    barcode: { type: 'QR_CODE', value: cartao.qr },
    textModulesData: [
      { id: 'premios', header: 'Prémios', body: String(cartao.itens) },
      ...(cartao.aniversario ? [{ id: 'aniversario', header: 'Prémio de aniversário', body: cartao.aniversario }] : []),
      { id: 'regras', header: 'Pontos por prémio', body: regrasDoCartao(cartao) },
    ],
  }
}

/** The whole object, as the save link carries it. */
export const objetoGoogle = (ids: GoogleIds, cartao: Cartao) => ({
  id: objectIdGoogle(ids, cartao.serie),
  classId: classeGoogle(ids),
  accountId: cartao.serie,
  ...camposGoogle(cartao),
})

/**
 * What is left on the object of an erased customer: inactive, with no name, balance or rewards. The QR it keeps was the
 * account's, which the erasure replaced: it identifies nobody.
 */
export const objetoGoogleInativo = () => ({
  state: 'INACTIVE',
  accountName: '',
  loyaltyPoints: { label: 'Pontos', balance: { int: 0 } },
  secondaryLoyaltyPoints: { label: 'Saldo', balance: { money: { currencyCode: 'EUR', micros: 0 } } },
  textModulesData: [],
})
