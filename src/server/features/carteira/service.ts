import type { FastifyBaseLogger } from 'fastify'
import type { ApnsSender } from '../../platform/apns.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { type DataKeyring, openText, randomToken, sealText } from '../../platform/crypto.ts'
import type { Database } from '../../platform/db.ts'
import { notFound } from '../../platform/errors.ts'
import type { GoogleWallet } from '../../platform/google-wallet.ts'
import { type ApplePasseSettings, passeApple } from './apple-passe.ts'
import { type Cartao, type GoogleIds, objetoGoogle } from './cartao.ts'
import { createCarteiraEnvios } from './envios.ts'
import { type CarteiraFila, proximaEtiqueta } from './fila.ts'
import { carteiraRepo, type Passe } from './repository.ts'
import { createWebServiceApple } from './web-service.ts'

export type { ApplePasseSettings } from './apple-passe.ts'
export type { Cartao, GoogleIds } from './cartao.ts'
export { type CarteiraFila, createCarteiraFila } from './fila.ts'

export const carteiraMensagens = {
  indisponivel: 'Este cartão não está disponível nesta carteira.',
  semCartao: 'Não encontrámos o seu cartão de fidelização.',
  naoAutorizado: 'Este pedido não traz o código deste cartão.',
}

export interface CarteiraDeps {
  db: Database
  clock: Clock
  cifra: DataKeyring
  log: Pick<FastifyBaseLogger, 'warn'>
  /** Apple Wallet, when its settings are given: the pass's signing and the APNs sender. */
  apple: { passe: ApplePasseSettings; apns: ApnsSender } | null
  /** Google Wallet, when its settings are given. */
  google: { wallet: GoogleWallet; ids: GoogleIds } | null
  /** The card's contents as they are now (the account's name and QR, the ledger's balances); undefined: no such customer. */
  cartaoDe(utilizadorId: number): Promise<Omit<Cartao, 'serie'> | undefined>
  fila: CarteiraFila
}

/** The pass's token is sealed bound to its serial: a sealed token copied to another pass opens nothing. */
const aad = (serie: string) => `carteira:${serie}`

/**
 * The loyalty card in the wallets (decision 0047): the pass made the first time the customer asks, Apple's signed
 * `.pkpass` and web service, Google's save link, the update outbox, and the erasure's part.
 */
export function createCarteiraService(deps: CarteiraDeps) {
  const { db, clock, cifra, log, apple, google, cartaoDe, fila } = deps
  const tokenDe = (passe: Passe) => openText(cifra, passe.token_cifrado, aad(passe.serie))

  /** The customer's pass, made the first time (a random serial and token; the customer's id is in neither). */
  async function garantirPasse(utilizadorId: number): Promise<Passe> {
    const repo = carteiraRepo(db)
    const existente = await repo.passeDe(utilizadorId)
    if (existente) return existente
    const serie = randomToken(15)
    await repo.criarPasse({
      utilizador_id: utilizadorId,
      serie,
      token_cifrado: sealText(cifra, randomToken(24), aad(serie)),
      atualizado_em: proximaEtiqueta(null, clock.now()),
      criado_em: isoNow(clock),
    })
    const passe = await repo.passeDe(utilizadorId)
    if (!passe) throw notFound(carteiraMensagens.semCartao)
    return passe
  }

  async function cartao(utilizadorId: number, passe: Passe): Promise<Cartao> {
    const dados = await cartaoDe(utilizadorId)
    if (!dados) throw notFound(carteiraMensagens.semCartao)
    return { ...dados, serie: passe.serie }
  }

  const envios = createCarteiraEnvios({ db, clock, log, apns: apple?.apns ?? null, google, cartaoDe })

  return {
    /** Which wallets the app offers (only those whose settings are given). */
    disponivel: { apple: apple !== null, google: google !== null },

    /** The customer's card as a signed Apple Wallet pass. */
    async passeApple(utilizadorId: number): Promise<Buffer> {
      if (!apple) throw notFound(carteiraMensagens.indisponivel)
      const passe = await garantirPasse(utilizadorId)
      return passeApple(apple.passe, await cartao(utilizadorId, passe), tokenDe(passe))
    },

    /** Google's "Add to Google Wallet" link of the customer's card; from now on its object is kept current. */
    async linkGoogle(utilizadorId: number): Promise<string> {
      if (!google) throw notFound(carteiraMensagens.indisponivel)
      const passe = await garantirPasse(utilizadorId)
      if (passe.google !== 1) await carteiraRepo(db).alterarPasse(utilizadorId, { google: 1 })
      return google.wallet.linkGuardar(objetoGoogle(google.ids, await cartao(utilizadorId, passe)))
    },

    /** Apple's web service (null without Apple's settings: its routes answer 404). */
    webService: apple ? createWebServiceApple({ db, log, settings: apple.passe, tokenDe, cartaoDe }) : null,

    /** The update outbox's round (the jobs), and what waits in it (the metrics). */
    despachar: envios.despachar,
    pendentes: envios.pendentes,

    esquecerCliente: fila.esquecerCliente,

    close(): void {
      apple?.apns.close()
    },
  }
}

export type CarteiraService = ReturnType<typeof createCarteiraService>
