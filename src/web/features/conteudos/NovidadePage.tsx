import { useParams } from 'react-router'
import type { Novidade } from '../../../shared/conteudos.ts'
import { IMAGE_SIZES } from '../../../shared/imagens.ts'
import { paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Picture } from '../../ui/Picture.tsx'
import { RichText } from '../../ui/RichText.tsx'
import { useNovidade } from './use-novidade.ts'

/** The detail of a news item or a campaign: image, title, optional subtitle, multi-line text. */
export function ConteudoDetalhe({ item, children }: { item: Novidade; children?: React.ReactNode }) {
  return (
    <main className="page page-detail" id="conteudo">
      <article>
        {item.image.detail && (
          <Picture
            className="detail-image"
            src={item.image.detail}
            alt=""
            sizes={IMAGE_SIZES.page}
            width={1200}
            height={675}
            priority
          />
        )}
        <h1>{item.titleDetail}</h1>
        {item.subtitle && <p className="subtitle">{item.subtitle}</p>}
        <RichText html={item.text} />
      </article>
      {children}
    </main>
  )
}

export function NovidadePage() {
  const { novidade = '' } = useParams()
  const query = useNovidade(novidade)
  useHeader(query.data?.title ?? 'Novidades', paths.home)
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(item) => <ConteudoDetalhe item={item} />}
    </QueryView>
  )
}
