import { useEffect, useState } from 'react'
import type { DocumentoFiscal } from '../../shared/documentos.ts'
import { formatDateTime } from '../../shared/format.ts'
import { NOMES_DOCUMENTO } from '../../shared/nomes-documento.ts'
import type { QrDrawing } from './qr-path.ts'
import './documentos.css'

/**
 * A document's AT QR code, drawn from its text as the loyalty card's is (the `qrcode` encoder, qr-path.ts's SVG path),
 * at error correction M as the AT's specification of the code asks (Portaria 195/2020). Encoded here, on the main
 * thread: a screen shows one or two, opened on purpose, never in its first load. The white frame shows until it is
 * drawn; a text the encoder refuses leaves the frame.
 */
function QrFatura({ value, label }: { value: string; label: string }) {
  const [qr, setQr] = useState<(QrDrawing & { value: string }) | null>(null)
  useEffect(() => {
    let atual = true
    Promise.all([import('qrcode'), import('./qr-path.ts')])
      .then(([{ create }, { qrPath }]) => {
        if (atual) setQr({ value, ...qrPath(create, value, 'M') })
      })
      .catch(() => undefined)
    return () => {
      atual = false
    }
  }, [value])
  const { size, d } = qr?.value === value ? qr : { size: 1, d: '' }
  return (
    <svg
      role="img"
      aria-label={label}
      className="doc-qr"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      focusable="false"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}

/** `FR A/123` read as 'Fatura-recibo FR A/123'. */
const tituloDe = (d: DocumentoFiscal) => `${NOMES_DOCUMENTO[d.tipo]} ${d.numero}`

/** One document: its number and ATCUD, when it was issued, its AT QR code drawn from its text, and its PDF. */
function Documento({ d, comQr = true }: { d: DocumentoFiscal; comQr?: boolean }) {
  return (
    <div className="doc">
      <dl className="doc-dados">
        <div>
          <dt>Número</dt>
          <dd>{d.numero}</dd>
        </div>
        <div>
          <dt>ATCUD</dt>
          <dd>{d.atcud}</dd>
        </div>
        {d.emitido_em && !Number.isNaN(Date.parse(d.emitido_em)) && (
          <div>
            <dt>Emitido em</dt>
            <dd>{formatDateTime(d.emitido_em)}</dd>
          </div>
        )}
      </dl>
      {/* An erased customer's copy keeps no QR code (its text names the buyer). */}
      {comQr && d.qr && <QrFatura value={d.qr} label={`Código QR da ${tituloDe(d)}`} />}
      {d.pdf_url?.startsWith('https://') && (
        <a className="doc-pdf" href={d.pdf_url} target="_blank" rel="noopener noreferrer">
          Abrir o PDF da {NOMES_DOCUMENTO[d.tipo].toLowerCase()}
          <span className="visually-hidden"> {d.numero} (abre noutra janela)</span>
        </a>
      )}
    </div>
  )
}

/**
 * The fiscal documents the store's POS issued for an order (STORE-API.md "Invoices"): the invoice and, after a
 * cancellation, its credit note, each with its number, ATCUD, AT QR code and PDF. `titulo`: the section's heading id.
 */
export function DocumentosFiscais({
  documentos,
  tituloId = 'fatura-titulo',
}: {
  documentos: DocumentoFiscal[]
  tituloId?: string
}) {
  return (
    <section className="docs" aria-labelledby={tituloId}>
      <h2 id={tituloId}>Fatura</h2>
      {documentos.map((d) => (
        <article key={`${d.tipo}-${d.numero}`} className="docs-item" aria-label={tituloDe(d)}>
          <h3>{tituloDe(d)}</h3>
          <Documento d={d} />
        </article>
      ))}
    </section>
  )
}

/**
 * A transaction's documents, folded: 'Fatura-recibo FR A/123' opens on its details, and its QR code is drawn only
 * once opened (a list of transactions does not encode every code it may never show).
 */
export function DocumentosDobrados({ documentos }: { documentos: DocumentoFiscal[] }) {
  return (
    <div className="docs-dobrados">
      {documentos.map((d) => (
        <Dobrado key={`${d.tipo}-${d.numero}`} d={d} />
      ))}
    </div>
  )
}

function Dobrado({ d }: { d: DocumentoFiscal }) {
  const [aberto, setAberto] = useState(false)
  return (
    <details className="docs-dobrado" onToggle={(e) => setAberto(e.currentTarget.open)}>
      <summary>{tituloDe(d)}</summary>
      <Documento d={d} comQr={aberto} />
    </details>
  )
}
