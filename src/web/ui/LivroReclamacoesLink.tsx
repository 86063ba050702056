import { LIVRO_RECLAMACOES } from '../../shared/informacao-consumidor.ts'
import { LigacaoExterna } from './LigacaoExterna.tsx'

/**
 * The access to the complaints book's electronic platform, under its own name (DL 156/2005, art. 5.º-B): in the
 * computer's footer, the account's hub and the legal information (decision 0039).
 */
export function LivroReclamacoesLink({ className }: { className?: string }) {
  return (
    <LigacaoExterna href={LIVRO_RECLAMACOES.url} className={className}>
      {LIVRO_RECLAMACOES.nome}
    </LigacaoExterna>
  )
}
