/** Placeholder while a screen's data arrives: announced to screen readers, drawn as skeleton cards. */
export function Loading({ label = 'A carregar…' }: { label?: string }) {
  return (
    <main className="page" id="conteudo" aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      <div className="skeleton skeleton-card" />
      <div className="skeleton skeleton-card" />
    </main>
  )
}
