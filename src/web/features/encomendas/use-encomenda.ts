import { queryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError, apiGet, isNotFound } from '../../lib/api.ts'
import { loginReturnState } from '../../lib/login-return.ts'
import { encomendasKeys } from './keys.ts'

/**
 * While MB WAY waits, often (a fallback when the event stream is down); otherwise now and then. A guest's order every
 * 10 s: a guest has no event stream (it is a session's), so this is how their screen follows it.
 */
export const intervaloEncomenda = (status: number | undefined, convidado?: boolean): number =>
  status === ESTADO.pagamento ? 5_000 : convidado ? 10_000 : 30_000

/** `GET /api/encomendas/{id}`: one of the customer's own orders (404 for anyone else's). */
export const encomendaQuery = (id: number | null) =>
  queryOptions({
    queryKey: encomendasKeys.encomenda(id),
    queryFn: ({ signal }) => apiGet<EncomendaCliente>(`/api/encomendas/${id}`, signal),
    enabled: id !== null,
    refetchInterval: (query) => intervaloEncomenda(query.state.data?.status, query.state.data?.convidado),
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  })

/**
 * After the phone's expiry of the MB WAY request, while the server still says it waits: its word is due any moment
 * (a read past the expiry makes the server ask the provider, at most once every 5 s), so asked more often.
 */
const INTERVALO_APOS_EXPIRAR = 2_000

/** `aposExpirar`: the payment screen has seen the request expire and waits for the server to say how it ended. */
export const useEncomenda = (id: number | null, aposExpirar = false) =>
  useQuery({
    ...encomendaQuery(id),
    refetchInterval: (query) =>
      aposExpirar && query.state.data?.status === ESTADO.pagamento
        ? INTERVALO_APOS_EXPIRAR
        : intervaloEncomenda(query.state.data?.status, query.state.data?.convidado),
  })

/**
 * An order read with neither a session nor a guest's token (401: signed out, or the guest's link expired): the login,
 * which comes back to `aqui`. Null for any other error.
 */
export const entrarPara = (error: unknown, aqui: string) =>
  error instanceof ApiError && error.status === 401 ? { to: paths.login, state: loginReturnState(aqui) } : null

/** The order id of a `?encomenda=` parameter, or null when it is not one. */
export function idDaEncomenda(valor: string | null): number | null {
  if (!valor || !/^\d{1,10}$/.test(valor)) return null
  const id = Number(valor)
  return id > 0 ? id : null
}

/** Whole seconds from `agora` until `iso` (rounded up, so 0 only once the time is over), never below 0. */
export function segundosAte(iso: string, agora: number): number {
  const fim = Date.parse(iso)
  if (Number.isNaN(fim)) return 0
  return Math.max(0, Math.ceil((fim - agora) / 1000))
}

/** `mm:ss` of a count of seconds: 272 → `04:32`. */
export function mmss(segundos: number): string {
  const s = Math.max(0, Math.floor(segundos))
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

/**
 * What a screen reader hears of the countdown: changes once a minute (`Faltam 4 minutos.`), not every second, then
 * under a minute, then the end.
 */
export function anuncioTempo(segundos: number): string {
  if (segundos <= 0) return 'O pedido de pagamento expirou.'
  if (segundos < 60) return 'Falta menos de 1 minuto.'
  const minutos = Math.floor(segundos / 60)
  return minutos === 1 ? 'Falta 1 minuto.' : `Faltam ${minutos} minutos.`
}

/** Seconds left until `iso`, ticking every second while there are some; null without a time. */
export function useSegundosAte(iso: string | null | undefined): number | null {
  const [agora, setAgora] = useState(() => Date.now())
  const restam = iso ? segundosAte(iso, agora) : null
  const contar = restam !== null && restam > 0
  useEffect(() => {
    if (!contar) return
    setAgora(Date.now())
    const timer = setInterval(() => setAgora(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [contar])
  return restam
}
