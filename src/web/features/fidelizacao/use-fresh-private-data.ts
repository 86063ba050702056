import { useEffect } from 'react'
import { usePrivateData } from '../../lib/private-data.ts'

/** Older than this, the private data are asked for again when a loyalty screen opens. */
const FRESH_MS = 10_000

/**
 * The private data, refreshed in the background when a loyalty screen opens with data older than a few seconds: a
 * purchase at the till shows up when the person looks, while the screen shows what it has meanwhile.
 */
export function useFreshPrivateData() {
  const query = usePrivateData()
  const { dataUpdatedAt, refetch, isFetching } = query
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening of the screen
  useEffect(() => {
    if (!isFetching && Date.now() - dataUpdatedAt > FRESH_MS) void refetch()
  }, [])
  return query
}
