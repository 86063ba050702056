import { useMutation } from '@tanstack/react-query'
import { Picture } from '../../ui/Picture.tsx'
import { RichText } from '../../ui/RichText.tsx'
import { adminPost } from './api.ts'

interface PreVisualizacaoProps {
  title: string
  subtitle: string | null | undefined
  text: string
  imagem: string | null | undefined
}

/**
 * What a customer will see of a news item or campaign as it stands in the form, before it is saved: the text goes
 * through the server's sanitiser (the one the app's reads use), so the preview shows exactly what will be kept.
 */
export function PreVisualizacao({ title, subtitle, text, imagem }: PreVisualizacaoProps) {
  const sanitizar = useMutation({
    mutationFn: (html: string) => adminPost<{ html: string }>('/pre-visualizar', { text: html }),
  })
  return (
    <section className="admin-pre" aria-labelledby="pre-titulo">
      <h3 id="pre-titulo">Pré-visualização</h3>
      <button type="button" className="button button-secondary" onClick={() => sanitizar.mutate(text)}>
        {sanitizar.data ? 'Atualizar pré-visualização' : 'Pré-visualizar'}
      </button>
      {sanitizar.isError && <p role="alert">{sanitizar.error.message}</p>}
      {sanitizar.data && (
        <article className="admin-pre-cartao" aria-label="Como o cliente vê">
          {imagem && <Picture src={imagem} alt="" sizes="24rem" className="admin-pre-imagem" eager />}
          <h4>{title || 'Sem título'}</h4>
          {subtitle && <p className="admin-pre-sub">{subtitle}</p>}
          <RichText html={sanitizar.data.html} />
        </article>
      )}
    </section>
  )
}
