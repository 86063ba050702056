import type { QueryFunctionContext, UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ErrorState } from '../ui/ErrorState.tsx'
import { Loading } from '../ui/Loading.tsx'
import { Redirect } from '../ui/Redirect.tsx'
import { apiGet, isNotFound } from './api.ts'

/**
 * The key of a public GET, cached under its own path: the server answers a page's first reads inside its HTML by path
 * (shared/page-data.ts), and the app puts them in the cache under these keys before the screens ask.
 */
export const pathKey = (path: string) => [path] as const

/** The query function of a `pathKey`: GETs the path it names. */
export const getByPath = <T,>({ queryKey: [path], signal }: QueryFunctionContext<readonly [string]>) =>
  apiGet<T>(path, signal)

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
    if (notFoundTo && isNotFound(query.error)) return <Redirect to={notFoundTo} />
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  }
  return <>{children(query.data)}</>
}
