import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'
import { APP_NAME, documentTitle, type PageHeader } from '../../shared/page-data.ts'

/** What a screen asks of the shell's header: its title and where "back" goes (none on top-level screens). */
export type HeaderState = PageHeader

/**
 * The server's render has no effects: there, screens record their header here as they render (entry-server.tsx), and
 * the header waits for them (`useHeaderState`), so that the page's HTML has the screen's title, not the app's name.
 */
export interface HeaderRecord {
  state?: HeaderState
  modalTitle?: string
  settled?: Promise<void> | 'done'
}

export const HeaderRecordContext = createContext<HeaderRecord | null>(null)

/** The header the server rendered the page with (main.tsx reads it from the page): the hydration starts from it. */
export const PageHeaderContext = createContext<HeaderState | null>(null)

interface HeaderContextValue {
  state: HeaderState
  set: (s: HeaderState) => void
  setModalTitle: (title: string | null) => void
}

const HeaderContext = createContext<HeaderContextValue | null>(null)

/**
 * The header's state, and the document title: the open modal's title, else the page's. One place decides it, so that
 * a page that sets its title after the modal opened (e.g. one loaded behind it) cannot take the title from the modal.
 */
export function HeaderProvider({ children }: { children: ReactNode }) {
  const initial = useContext(PageHeaderContext)
  const [state, set] = useState<HeaderState>(() => initial ?? { title: APP_NAME })
  const [modalTitle, setModalTitle] = useState<string | null>(null)
  const value = useMemo(() => ({ state, set, setModalTitle }), [state])
  const shownTitle = modalTitle ?? state.title
  useEffect(() => {
    document.title = documentTitle(shownTitle)
  }, [shownTitle])
  return <HeaderContext.Provider value={value}>{children}</HeaderContext.Provider>
}

function useHeaderContext(): HeaderContextValue {
  const context = useContext(HeaderContext)
  if (!context) throw new Error('header hooks outside HeaderProvider')
  return context
}

/**
 * The header's state. In the server's render, once the screens below it have rendered (the header comes first in the
 * tree: it waits a turn, as a suspended part, while React renders the rest), what they recorded.
 */
export function useHeaderState(): HeaderState {
  const record = useContext(HeaderRecordContext)
  const { state } = useHeaderContext()
  if (!import.meta.env.SSR || !record) return state
  if (record.settled !== 'done') {
    record.settled ??= new Promise<void>((resolve) =>
      setTimeout(() => {
        record.settled = 'done'
        resolve()
      }, 0),
    )
    throw record.settled
  }
  return record.state ?? state
}

/** Sets the header of the current screen (and so the document title). */
export function useHeader(title: string, back?: string): void {
  const record = useContext(HeaderRecordContext)
  if (import.meta.env.SSR && record) record.state = back === undefined ? { title } : { title, back }
  const { set } = useHeaderContext()
  useEffect(() => {
    set(back === undefined ? { title } : { title, back })
  }, [set, title, back])
}

/** The document title of a modal screen, while it is open. */
export function useModalTitle(title: string): void {
  const record = useContext(HeaderRecordContext)
  if (import.meta.env.SSR && record) record.modalTitle = title
  const { setModalTitle } = useHeaderContext()
  useEffect(() => {
    setModalTitle(title)
    return () => setModalTitle(null)
  }, [setModalTitle, title])
}
