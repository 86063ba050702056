import { type ReactNode, useCallback } from 'react'
import {
  createPath,
  Link,
  type LinkProps,
  type Location,
  type NavigateOptions,
  useLocation,
  useNavigate,
} from 'react-router'
import { paths } from '../../shared/routes.ts'
import { useRouteHandle } from '../lib/routing.tsx'
import { useModalTitle } from './header.tsx'
import { Modal } from './Modal.tsx'

/**
 * Modal screens (docs/decisions/0003-account-screens.md). A link to a modal screen carries the page it was opened on
 * in the history state (`{ background: location }`); the shell keeps that page rendered under the modal. Opened
 * directly (a typed URL, a guard's redirect), the modal shows over the home page and 'Fechar' goes there.
 */
export interface ModalState {
  background?: Location
}

export function backgroundOf(location: Location): Location | undefined {
  const state = location.state as ModalState | null
  return state?.background && typeof state.background.pathname === 'string' ? state.background : undefined
}

/** Whether the current route is a modal screen (its `handle.modal`). */
function useInModal(): boolean {
  return Boolean(useRouteHandle<{ modal: boolean }>().modal)
}

/**
 * Navigation towards a modal screen: over the current page, or, from a modal, replacing it over the same page (one
 * modal at a time, so the back button closes it).
 */
export function useModalNavigate(): (to: string, options?: NavigateOptions) => void {
  const navigate = useNavigate()
  const location = useLocation()
  const inModal = useInModal()
  return useCallback(
    (to: string, options: NavigateOptions = {}) => {
      const background = backgroundOf(location) ?? (inModal ? undefined : location)
      navigate(to, {
        ...options,
        replace: options.replace ?? inModal,
        state: background ? { ...(options.state as object | undefined), background } : (options.state ?? null),
      })
    },
    [navigate, location, inModal],
  )
}

/** A link that opens a modal screen (login, sign-up, change password…) over the page the person is on. */
export function ModalLink({ to, ...props }: Omit<LinkProps, 'to' | 'state' | 'replace'> & { to: string }) {
  const location = useLocation()
  const inModal = useInModal()
  const background = backgroundOf(location) ?? (inModal ? undefined : location)
  return <Link to={to} state={background ? { background } : null} replace={inModal} {...props} />
}

/** 'Fechar': back to the page under the modal (history back keeps its scroll), or home when there is none. */
export function useCloseModal(): () => void {
  const navigate = useNavigate()
  const location = useLocation()
  return useCallback(() => {
    const background = backgroundOf(location)
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (background && idx > 0) navigate(-1)
    else navigate(background ? createPath(background) : paths.home, { replace: true })
  }, [navigate, location])
}

/** A route's screen as a modal; the document title follows it while it is open. */
export function RouteModal({ title, children }: { title: string; children: ReactNode }) {
  const close = useCloseModal()
  useModalTitle(title)
  return (
    <Modal title={title} onClose={close}>
      {children}
    </Modal>
  )
}
