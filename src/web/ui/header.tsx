import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'

/** What a screen asks of the shell's header: its title and where "back" goes (none on top-level screens). */
export interface HeaderState {
  title: string
  back?: string
}

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
  const [state, set] = useState<HeaderState>({ title: 'Balcão' })
  const [modalTitle, setModalTitle] = useState<string | null>(null)
  const value = useMemo(() => ({ state, set, setModalTitle }), [state])
  const documentTitle = modalTitle ?? state.title
  useEffect(() => {
    document.title = documentTitle === 'Balcão' ? 'Balcão' : `${documentTitle} · Balcão`
  }, [documentTitle])
  return <HeaderContext.Provider value={value}>{children}</HeaderContext.Provider>
}

function useHeaderContext(): HeaderContextValue {
  const context = useContext(HeaderContext)
  if (!context) throw new Error('header hooks outside HeaderProvider')
  return context
}

export function useHeaderState(): HeaderState {
  return useHeaderContext().state
}

/** Sets the header of the current screen (and so the document title). */
export function useHeader(title: string, back?: string): void {
  const { set } = useHeaderContext()
  useEffect(() => {
    set(back === undefined ? { title } : { title, back })
  }, [set, title, back])
}

/** The document title of a modal screen, while it is open. */
export function useModalTitle(title: string): void {
  const { setModalTitle } = useHeaderContext()
  useEffect(() => {
    setModalTitle(title)
    return () => setModalTitle(null)
  }, [setModalTitle, title])
}
