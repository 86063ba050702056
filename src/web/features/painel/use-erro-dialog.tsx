import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useCallback, useState } from 'react'
import { flushSync } from 'react-dom'
import { useNavigate } from 'react-router'
import { GENERIC_ERROR_TITLE } from '../../../shared/api.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError } from '../../lib/api.ts'
import { Dialog } from '../../ui/Dialog.tsx'
import { isSemSessao } from './api.ts'
import { painelKeys } from './keys.ts'

const UNEXPECTED = 'Ocorreu um erro inesperado. Tente novamente.'

interface Erro {
  title: string
  message: string
  afterClose?: (() => void) | undefined
}

/**
 * A failed call of the till, said in the error dialog with the server's pt-PT title and message. A tablet whose session
 * ended (key revoked, 'Sair' on another tab) goes to /painel/entrar once the message is read. Render `dialogo` once.
 */
export function useErroDialog(): { mostrar: (error: unknown, afterClose?: () => void) => void; dialogo: ReactNode } {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [erro, setErro] = useState<Erro | null>(null)

  const mostrar = useCallback(
    (error: unknown, afterClose?: () => void) => {
      const semSessao = isSemSessao(error)
      // Nothing the ended session answered (the store, its purchases) may outlive it.
      if (semSessao) queryClient.removeQueries({ queryKey: painelKeys.all })
      const depois = semSessao ? () => void navigate(paths.painelEntrar, { replace: true }) : afterClose
      setErro({
        title: error instanceof ApiError ? error.title : GENERIC_ERROR_TITLE,
        message: error instanceof ApiError ? error.message : UNEXPECTED,
        afterClose: depois,
      })
    },
    [navigate, queryClient],
  )

  const dialogo = erro && (
    <Dialog
      title={erro.title}
      message={erro.message}
      onClose={() => {
        flushSync(() => setErro(null))
        erro.afterClose?.()
      }}
    />
  )
  return { mostrar, dialogo }
}
