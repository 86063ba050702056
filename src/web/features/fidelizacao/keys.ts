import { pathKey } from '../../lib/query.tsx'

/** Query keys of the loyalty screens (one factory, no raw strings; the private data have their own key). */
export const fidelizacaoKeys = {
  all: ['fidelizacao'] as const,
  transacao: (id: number) => [...fidelizacaoKeys.all, 'transacao', id] as const,
  lojas: () => pathKey('/api/lojas'),
}
