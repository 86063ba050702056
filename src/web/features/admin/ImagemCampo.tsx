import { useId, useState } from 'react'
import { IMAGEM_MAX_BYTES } from '../../../shared/admin-imagens.ts'
import { Picture } from '../../ui/Picture.tsx'
import { adminCarregarImagem } from './api.ts'

interface ImagemCampoProps {
  label: string
  /** The image's URL (an upload's or the content's own), null for none. */
  valor: string | null
  onChange: (url: string | null) => void
  /** The server's message about this field (e.g. an image that no longer exists). */
  erro?: string | undefined
}

/**
 * An image of some content: the file is uploaded as soon as it is chosen (JPEG, PNG or WebP, checked again by the
 * server by its bytes), then shown, and the form keeps only its URL. 'Remover imagem' leaves the content without one.
 */
export function ImagemCampo({ label, valor, onChange, erro }: ImagemCampoProps) {
  const id = useId()
  const [estado, setEstado] = useState<{ aCarregar: boolean; erro: string | null }>({ aCarregar: false, erro: null })
  const mensagem = estado.erro ?? erro
  const ajudaId = `${id}-ajuda`
  const erroId = `${id}-erro`

  const escolher = async (ficheiro: File | undefined) => {
    if (!ficheiro) return
    setEstado({ aCarregar: true, erro: null })
    try {
      const { url } = await adminCarregarImagem(ficheiro)
      onChange(url)
      setEstado({ aCarregar: false, erro: null })
    } catch (error) {
      setEstado({ aCarregar: false, erro: error instanceof Error ? error.message : String(error) })
    }
  }

  return (
    <div className={mensagem ? 'field field-invalid admin-imagem' : 'field admin-imagem'}>
      <label htmlFor={id}>{label}</label>
      <p id={ajudaId} className="field-hint">
        JPEG, PNG ou WebP, até {IMAGEM_MAX_BYTES / 1024 / 1024} MB.
      </p>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={mensagem ? `${ajudaId} ${erroId}` : ajudaId}
        aria-invalid={mensagem ? true : undefined}
        disabled={estado.aCarregar}
        onChange={(event) => {
          void escolher(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      {estado.aCarregar && <p role="status">A carregar a imagem…</p>}
      {mensagem && (
        <p id={erroId} className="field-error" role="alert">
          {mensagem}
        </p>
      )}
      {valor && (
        <div className="admin-imagem-atual">
          <Picture src={valor} alt={`${label}: pré-visualização`} sizes="12rem" className="admin-imagem-pre" eager />
          <button type="button" className="button button-secondary" onClick={() => onChange(null)}>
            Remover imagem
          </button>
        </div>
      )}
    </div>
  )
}
