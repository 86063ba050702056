import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ESTADO } from '../../shared/estado-pedido.ts'
import { encomendasKeys } from '../features/encomendas/keys.ts'
import { notificacoesKeys } from '../features/notificacoes/keys.ts'
import { ownSessionEnd, PRIVATE_DATA_KEY } from '../lib/private-data.ts'
import { invalidarPorEvento } from './eventos.ts'

describe('invalidarPorEvento', () => {
  let queryClient: QueryClient
  let invalidadas: unknown[][]

  beforeEach(() => {
    queryClient = new QueryClient()
    invalidadas = []
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async (filters) => {
      invalidadas.push([...(filters?.queryKey ?? [])])
    })
  })

  it("reads the order's query, 'As minhas encomendas' and the private data again when an order changes", () => {
    invalidarPorEvento(queryClient, { nome: 'encomenda', orderId: 12, status: ESTADO.emPreparacao })
    expect(invalidadas).toEqual([
      [...encomendasKeys.encomenda(12)],
      [...encomendasKeys.historico],
      [...PRIVATE_DATA_KEY],
    ])
  })

  it('and the notifications when it is ready or cancelled, which bring one', () => {
    invalidarPorEvento(queryClient, { nome: 'encomenda', orderId: 12, status: ESTADO.pronto })
    invalidarPorEvento(queryClient, { nome: 'encomenda', orderId: 13, status: ESTADO.cancelado })
    expect(invalidadas).toEqual([
      [...encomendasKeys.encomenda(12)],
      [...encomendasKeys.historico],
      [...PRIVATE_DATA_KEY],
      [...notificacoesKeys.all],
      [...encomendasKeys.encomenda(13)],
      [...encomendasKeys.historico],
      [...PRIVATE_DATA_KEY],
      [...notificacoesKeys.all],
    ])
  })

  it('leaves the private data alone while this device erases its own account: its answer brings the new one', () => {
    ownSessionEnd.running = true
    try {
      invalidarPorEvento(queryClient, { nome: 'utilizador' })
      invalidarPorEvento(queryClient, { nome: 'reler' })
    } finally {
      ownSessionEnd.running = false
    }
    expect(invalidadas).toEqual([[...notificacoesKeys.all], [...encomendasKeys.encomendas], [...notificacoesKeys.all]])
  })

  it("reads the private data again when the customer's record changed, and everything shown when told to", () => {
    invalidarPorEvento(queryClient, { nome: 'utilizador' })
    expect(invalidadas).toEqual([[...PRIVATE_DATA_KEY], [...notificacoesKeys.all]])
    invalidadas = []
    invalidarPorEvento(queryClient, { nome: 'notificacoes' })
    expect(invalidadas).toEqual([[...notificacoesKeys.all]])
    invalidadas = []
    invalidarPorEvento(queryClient, { nome: 'reler' })
    expect(invalidadas).toEqual([[...encomendasKeys.encomendas], [...PRIVATE_DATA_KEY], [...notificacoesKeys.all]])
  })

  it('changes nothing on a heartbeat', () => {
    invalidarPorEvento(queryClient, { nome: 'ping' })
    expect(invalidadas).toEqual([])
  })
})
