import { ApiError } from '../../lib/api.ts'

/**
 * Loading and error states for a part of a screen (the shared Loading and ErrorState are whole screens, each its own
 * `<main>`): the catalogue below the store choice, the store list inside the 'Loja' modal.
 */
export function SecaoCarregando({ label = 'A carregar…', cartoes = 2 }: { label?: string; cartoes?: number }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
      {Array.from({ length: cartoes }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={i} className="skeleton enc-skeleton" />
      ))}
    </div>
  )
}

export function SecaoErro({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado. Tente mais tarde.'
  return (
    <div className="enc-erro">
      <p role="alert">{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  )
}
