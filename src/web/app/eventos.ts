import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { useNavigate } from 'react-router'
import { ESTADO } from '../../shared/estado-pedido.ts'
import type { EventoCliente } from '../../shared/eventos.ts'
import { paths } from '../../shared/routes.ts'
import { encomendasKeys } from '../features/encomendas/keys.ts'
import { notificacoesKeys } from '../features/notificacoes/keys.ts'
import {
  ownSessionEnd,
  PRIVATE_DATA_KEY,
  privateDataQuery,
  SEM_SESSAO,
  setPrivateData,
  usePrivateData,
} from '../lib/private-data.ts'

/**
 * What each event of the customer's stream makes the app read again: `encomenda` that order's query and the private
 * data (its `ordering`, points and balance); `utilizador` (a purchase at the till, a refund) the private data;
 * `notificacoes` the notifications; `reler` everything shown, since events may have been missed.
 */
export function invalidarPorEvento(queryClient: QueryClient, evento: EventoCliente): void {
  const invalidar = (queryKey: readonly unknown[]) => {
    // This device erasing its own account: the answer brings the new private data. Read before it, the private data
    // would find the session already gone and send the confirmation screen to the login, under its own answer.
    if (ownSessionEnd.running && queryKey === PRIVATE_DATA_KEY) return
    void queryClient.invalidateQueries({ queryKey })
  }
  switch (evento.nome) {
    case 'encomenda':
      invalidar(encomendasKeys.encomenda(evento.orderId))
      // 'As minhas encomendas' shows its state too.
      invalidar(encomendasKeys.historico)
      invalidar(PRIVATE_DATA_KEY)
      // Ready, or cancelled by the store: a notification came with it.
      if (evento.status === ESTADO.pronto || evento.status === ESTADO.cancelado) invalidar(notificacoesKeys.all)
      return
    case 'utilizador':
      invalidar(PRIVATE_DATA_KEY)
      // A purchase at the till may have brought a notification with it.
      invalidar(notificacoesKeys.all)
      return
    case 'notificacoes':
      invalidar(notificacoesKeys.all)
      return
    case 'reler':
      invalidar(encomendasKeys.encomendas)
      invalidar(PRIVATE_DATA_KEY)
      invalidar(notificacoesKeys.all)
      return
    case 'ping':
    case 'sessao-terminada':
      return
  }
}

/**
 * Follows the signed-in customer's session live (the Shell calls it once for the whole app): each event refreshes
 * what it changed (`invalidarPorEvento`); `sessao-terminada` (the password was changed on another device, the phone
 * changed, the account ended) signs this device out and goes home, as logging out does (spec §4).
 */
export function useEventos(): void {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const user = usePrivateData().data?.user
  const autenticado = user?.loggedIn === true && user.data != null
  const terminar = useCallback(async () => {
    // Ended by this very screen (the account erased here): it tells the person and goes home itself.
    if (ownSessionEnd.running) return
    // Home first: a screen for signed-in customers would otherwise send the guest it sees to the login.
    await navigate(paths.home, { replace: true, flushSync: true })
    // The server says once why (a password changed elsewhere: FimDeSessaoAviso shows it); offline, a guest all the same.
    try {
      setPrivateData(queryClient, await queryClient.fetchQuery({ ...privateDataQuery(), staleTime: 0 }))
    } catch {
      setPrivateData(queryClient, SEM_SESSAO)
    }
  }, [navigate, queryClient])
  useEffect(() => {
    if (!autenticado) return
    // The stream's client and push are a signed-in customer's only, fetched once there is one: every first load
    // would otherwise carry them (docs/decisions/0010-first-load-budget.md).
    let seguindo = true
    let parar: (() => void) | undefined
    // The device's push subscription, if it has one, follows the session signed in now.
    void import('../lib/push.ts').then((push) => push.sincronizarPush()).catch(() => {})
    void import('../lib/eventos.ts').then(({ seguirEventos }) => {
      if (!seguindo) return
      parar = seguirEventos(queryClient, {
        aoEvento: (evento) => invalidarPorEvento(queryClient, evento),
        sessaoTerminada: () => void terminar(),
      })
    })
    return () => {
      seguindo = false
      parar?.()
    }
  }, [autenticado, queryClient, terminar])
}
