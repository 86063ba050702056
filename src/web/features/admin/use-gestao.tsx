import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { Dialog } from '../../ui/Dialog.tsx'
import { adminGet, adminPost } from './api.ts'
import { adminKeys } from './keys.ts'
import type { Publicavel } from './ListaPublicavel.tsx'

/**
 * One kind of published content in a page (`/faq/categorias`, `/faq/perguntas`, `/legais`): its list, the actions on
 * a row (publish, unpublish, delete after a confirmation dialog) and what the page announces after each.
 */
export function useGestao<T extends Publicavel>(path: string, nomes: { apagar: string }) {
  const queryClient = useQueryClient()
  const queryKey = [...adminKeys.all, 'gestao', path] as const
  const lista = useQuery({ queryKey, queryFn: ({ signal }) => adminGet<T[]>(path, signal) })
  const [aviso, setAviso] = useState<string | null>(null)
  const [aApagar, setAApagar] = useState<T | null>(null)
  const recarregar = () => void queryClient.invalidateQueries({ queryKey })

  const mutacao = useMutation({
    mutationFn: ({ linha, qual }: { linha: T; qual: 'publicar' | 'despublicar' | 'apagar' }) =>
      adminPost<unknown>(`${path}/${linha.id}/${qual}`),
    onSuccess: (_r, { linha, qual }) => {
      const feito = qual === 'publicar' ? 'publicado' : qual === 'despublicar' ? 'despublicado' : 'apagado'
      setAviso(`«${linha.title}» foi ${feito}.`)
      recarregar()
    },
    onError: (error) => setAviso(error.message),
  })

  const acao = (linha: T, qual: 'publicar' | 'despublicar' | 'apagar') => {
    if (qual === 'apagar') setAApagar(linha)
    else mutacao.mutate({ linha, qual })
  }

  const dialogo = aApagar && (
    <Dialog
      title={`Apagar «${aApagar.title}»?`}
      message={`${nomes.apagar} Não é possível desfazer.`}
      buttons={[
        { label: 'Cancelar', secondary: true, isDefault: true },
        { label: 'Apagar', action: () => mutacao.mutate({ linha: aApagar, qual: 'apagar' }) },
      ]}
      onClose={() => flushSync(() => setAApagar(null))}
    />
  )

  return { lista, acao, ocupado: mutacao.isPending, aviso, setAviso, dialogo, recarregar }
}
