import { ApiError } from '../lib/api.ts'

/** A read that failed for a reason other than "not found": say so in pt-PT and offer to try again. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = error instanceof ApiError ? error.message : 'Ocorreu um erro inesperado. Tente mais tarde.'
  return (
    <main className="page page-center" id="conteudo">
      <div role="alert">
        <h1>Erro</h1>
        <p>{message}</p>
      </div>
      <button type="button" className="button" onClick={onRetry}>
        Tentar novamente
      </button>
    </main>
  )
}
