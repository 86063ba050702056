import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'

/** What a screen asks of the shell's header: its title and where "back" goes (none on top-level screens). */
export interface HeaderState {
  title: string
  back?: string
}

const HeaderContext = createContext<{ state: HeaderState; set: (s: HeaderState) => void } | null>(null)

export function HeaderProvider({ children }: { children: ReactNode }) {
  const [state, set] = useState<HeaderState>({ title: 'Balcão' })
  const value = useMemo(() => ({ state, set }), [state])
  return <HeaderContext.Provider value={value}>{children}</HeaderContext.Provider>
}

export function useHeaderState(): HeaderState {
  const context = useContext(HeaderContext)
  if (!context) throw new Error('useHeaderState outside HeaderProvider')
  return context.state
}

/** Sets the header of the current screen and the document title. */
export function useHeader(title: string, back?: string): void {
  const context = useContext(HeaderContext)
  if (!context) throw new Error('useHeader outside HeaderProvider')
  const { set } = context
  useEffect(() => {
    set(back === undefined ? { title } : { title, back })
    document.title = title === 'Balcão' ? 'Balcão' : `${title} · Balcão`
  }, [set, title, back])
}
