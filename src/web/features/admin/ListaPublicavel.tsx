import type { ReactNode } from 'react'

export interface Publicavel {
  id: number
  title: string
  tag: string
  posicao: number
  publicada: boolean
}

/**
 * A list of content the staff publish (FAQ categories and questions, legal contents): title, identifier, position,
 * state, and the actions on each row. `extra` adds columns (a question's category, a text that cannot be removed).
 */
export function ListaPublicavel<T extends Publicavel>({
  legenda,
  linhas,
  extra = [],
  ocupado,
  onEditar,
  onAcao,
  podeRetirar = () => true,
}: {
  legenda: string
  linhas: T[]
  extra?: { titulo: string; celula: (linha: T) => ReactNode }[]
  ocupado: boolean
  onEditar: (linha: T) => void
  onAcao: (linha: T, qual: 'publicar' | 'despublicar' | 'apagar') => void
  podeRetirar?: (linha: T) => boolean
}) {
  return (
    <table className="admin-tabela">
      <caption className="visually-hidden">{legenda}</caption>
      <thead>
        <tr>
          <th scope="col">Título</th>
          {extra.map((e) => (
            <th key={e.titulo} scope="col">
              {e.titulo}
            </th>
          ))}
          <th scope="col">Identificador</th>
          <th scope="col">Posição</th>
          <th scope="col">Estado</th>
          <th scope="col">
            <span className="visually-hidden">Ações</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {linhas.map((l) => (
          <tr key={l.id}>
            <td>{l.title}</td>
            {extra.map((e) => (
              <td key={e.titulo}>{e.celula(l)}</td>
            ))}
            <td>{l.tag}</td>
            <td>{l.posicao}</td>
            <td>{l.publicada ? 'Publicado' : 'Rascunho'}</td>
            <td className="admin-acoes admin-acoes-linha">
              <button
                type="button"
                className="button button-secondary"
                aria-label={`Editar «${l.title}»`}
                onClick={() => onEditar(l)}
              >
                Editar
              </button>
              {podeRetirar(l) && (
                <>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`${l.publicada ? 'Despublicar' : 'Publicar'} «${l.title}»`}
                    disabled={ocupado}
                    onClick={() => onAcao(l, l.publicada ? 'despublicar' : 'publicar')}
                  >
                    {l.publicada ? 'Despublicar' : 'Publicar'}
                  </button>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-label={`Apagar «${l.title}»`}
                    disabled={ocupado}
                    onClick={() => onAcao(l, 'apagar')}
                  >
                    Apagar
                  </button>
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
