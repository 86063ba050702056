import { type ReactNode, useEffect, useState } from 'react'
import { GENERIC_ERROR_TITLE } from '../../shared/api.ts'
import { ULTIMAS_TRANSACOES } from '../../shared/constants.ts'
import type { PrivateData, UserData } from '../../shared/conta.ts'
import type { Transacao } from '../../shared/fidelizacao.ts'
import { formatDateTime } from '../../shared/format.ts'
import { ErrorState } from '../ui/ErrorState.tsx'
import { ApiError, OFFLINE_MESSAGE } from './api.ts'
import { CARTAO_STORAGE_KEY, usePrivateData } from './private-data.ts'

/**
 * The loyalty card kept on this device, so that the installed app opens '/fidelizacao' and '/fidelizacao/qr' without
 * the network (docs/decisions/0046-cartao-sem-rede.md): only what those screens show, the customer's id it belongs to,
 * and when it was read. Written and removed by lib/private-data.ts as private data arrive (anyone but a signed-in
 * customer removes it); read by the loyalty screens when the private data cannot be asked for. Out of the first load:
 * the writer imports it when the browser is idle, the screens when the network fails them.
 */

/**
 * What the loyalty screens show of the account: the QR, the balances and stamp cards, what expires next, and the phone
 * or the code below the QR.
 */
const CAMPOS = [
  'id',
  'qrCode',
  'saldo',
  'ja_poupou',
  'pontos',
  'patamar',
  'itens',
  'premio',
  'aniversario',
  'carimbos',
  'expiracao',
  'pais',
  'telemovel',
  'usar_codigo_seguranca',
  'codigo_seguranca',
] as const satisfies readonly (keyof UserData)[]

export type Cartao = Pick<UserData, (typeof CAMPOS)[number]>

const VERSAO = 1

export interface CartaoGuardado {
  /** The stored shape's version: a card kept in another shape (by an older app) is not read. */
  v: typeof VERSAO
  cartao: Cartao
  /** The last transactions, as many as the loyalty screen lists. */
  transacoes: Transacao[]
  /** When the server answered them (epoch milliseconds). */
  lidoEm: number
}

/**
 * The card of a signed-in customer's private data; null for anyone else (a guest, a session ended) and for a temporary
 * account, which the guards send to complete its data before any loyalty screen.
 */
export function cartaoDe(data: PrivateData, lidoEm: number): CartaoGuardado | null {
  const user = data.user.data
  if (!data.user.loggedIn || !user || user.temporario === 1) return null
  const cartao = Object.fromEntries(CAMPOS.map((campo) => [campo, user[campo]])) as Cartao
  return { v: VERSAO, cartao, transacoes: data.transacoes.slice(0, ULTIMAS_TRANSACOES), lidoEm }
}

/** Keeps the card of `data` on the device, in place of any other's; private data with no customer remove it. */
export function guardarCartao(storage: Storage, data: PrivateData, lidoEm: number): void {
  const guardado = cartaoDe(data, lidoEm)
  try {
    if (guardado) storage.setItem(CARTAO_STORAGE_KEY, JSON.stringify(guardado))
    else storage.removeItem(CARTAO_STORAGE_KEY)
  } catch {
    // Storage full or refused: this card does not open offline, and no older one is left in its place.
    storage.removeItem(CARTAO_STORAGE_KEY)
  }
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** The card kept on this device, if there is one and it reads as one. */
export function lerCartao(storage: Storage | null = localStorageOrNull()): CartaoGuardado | null {
  try {
    const guardado = JSON.parse(storage?.getItem(CARTAO_STORAGE_KEY) ?? 'null') as Partial<CartaoGuardado> | null
    const valido =
      guardado?.v === VERSAO &&
      typeof guardado.lidoEm === 'number' &&
      typeof guardado.cartao?.qrCode === 'string' &&
      Array.isArray(guardado.transacoes)
    return valido ? (guardado as CartaoGuardado) : null
  } catch {
    return null
  }
}

/**
 * When a card shown without the network was read, in Lisbon time: 'Atualizado às 14:05', with the date before the hour
 * when it was another day ('Atualizado em 28/11/2026 às 21:40').
 */
export function atualizadoAs(lidoEm: number, agora: number = Date.now()): string {
  const lido = formatDateTime(lidoEm)
  const dia = lido.slice(0, 10)
  return `Atualizado ${formatDateTime(agora).startsWith(dia) ? '' : `em ${dia} `}às ${lido.slice(11)}`
}

const SEM_LIGACAO = new ApiError(0, GENERIC_ERROR_TITLE, OFFLINE_MESSAGE)

/** The account a loyalty screen shows: the whole of it from the server, or the part of it the device keeps. */
export type Conta = UserData | Cartao

interface CartaoSemRedeProps {
  /** The screen, with the mark that says when what it shows was read (a paragraph of text, not a colour). */
  children: (conta: Conta, transacoes: Transacao[], marca: ReactNode) => ReactNode
  /** The mark's class, the screen's own. */
  marcaClassName: string
}

/**
 * A loyalty screen whose private data the server could not give: what this page read last, else the card the device
 * kept (the guard's 'cartao' opened the screen without any answer), marked with when it was read; asked again as soon
 * as the network is back. Nothing kept (never shown on this device, or signed out since): the connection's error, with
 * 'Tentar novamente'.
 */
export function CartaoSemRede({ children, marcaClassName }: CartaoSemRedeProps) {
  const query = usePrivateData()
  const { data, dataUpdatedAt, refetch } = query
  const [guardado] = useState(() => (data ? null : lerCartao()))
  // The query cache asks again by itself when it saw the connection go; an app opened without one never saw it.
  useEffect(() => {
    const voltou = () => void refetch()
    window.addEventListener('online', voltou)
    return () => window.removeEventListener('online', voltou)
  }, [refetch])
  const user = data?.user.data
  const shown = user
    ? { conta: user, transacoes: data.transacoes, lidoEm: dataUpdatedAt }
    : guardado && { conta: guardado.cartao, transacoes: guardado.transacoes, lidoEm: guardado.lidoEm }
  // Only a failed connection opens the screen with no answer (the guard): its message, whatever the retry says meanwhile.
  if (!shown) return <ErrorState error={SEM_LIGACAO} onRetry={() => void refetch()} />
  const marca = (
    <p className={marcaClassName} role="status">
      {atualizadoAs(shown.lidoEm)}
    </p>
  )
  return children(shown.conta, shown.transacoes, marca)
}
