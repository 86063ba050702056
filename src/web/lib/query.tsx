import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { ErrorState } from '../ui/ErrorState.tsx'
import { Loading } from '../ui/Loading.tsx'
import { apiGet, isNotFound } from './api.ts'

/** A GET of the API, cached under its own path. */
export function useApiQuery<T>(path: string, enabled = true): UseQueryResult<T> {
  return useQuery({ queryKey: [path], queryFn: ({ signal }) => apiGet<T>(path, signal), enabled })
}

interface QueryViewProps<T> {
  query: UseQueryResult<T>
  /** Where a 404 goes (spec §8: /notfound for some screens, the restaurants list for others). */
  notFoundTo?: string
  children: (data: T) => ReactNode
}

/** Loading skeleton, error with retry, redirect on 404, or the screen itself. */
export function QueryView<T>({ query, notFoundTo, children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading />
  if (query.isError) {
    if (notFoundTo && isNotFound(query.error)) return <Navigate to={notFoundTo} replace />
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  }
  return <>{children(query.data)}</>
}
