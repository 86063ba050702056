import { useState } from 'react'
import { useParams } from 'react-router'
import { IMAGE_SIZES } from '../../../shared/imagens.ts'
import { href, paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { ImageViewer } from '../../ui/ImageViewer.tsx'
import { Picture } from '../../ui/Picture.tsx'
import { Redirect } from '../../ui/Redirect.tsx'
import { useLoja } from './use-loja.ts'

/** A menu image; a phone cannot read it at the width of the screen, so it opens full screen, to zoom and pan. */
export function MenuPage() {
  const { restaurante = '', loja = '', menu = '' } = useParams()
  const query = useLoja(restaurante, loja)
  const [viewing, setViewing] = useState(false)
  const menus = href(paths.menus, { restaurante, loja })
  const item = query.data?.menus.find((m) => String(m.id) === menu)
  useHeader(item?.titulo ?? 'Menu', menus)
  return (
    <QueryView query={query} notFoundTo={paths.restaurantes}>
      {() =>
        item ? (
          <main className="page page-detail" id="conteudo">
            <h1>{item.titulo}</h1>
            <button type="button" className="menu-open" aria-haspopup="dialog" onClick={() => setViewing(true)}>
              <Picture
                className="menu-large"
                src={item.imagem}
                alt=""
                sizes={IMAGE_SIZES.page}
                width={900}
                height={1260}
                priority
              />
              <span className="menu-open-label">Ver em ecrã inteiro</span>
            </button>
            {viewing && (
              <ImageViewer
                src={item.imagem}
                alt={`Menu: ${item.titulo}`}
                title={item.titulo}
                onClose={() => setViewing(false)}
              />
            )}
          </main>
        ) : (
          <Redirect to={menus} />
        )
      }
    </QueryView>
  )
}
