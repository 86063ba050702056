import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useParams } from 'react-router'
import { adminPaths } from '../../../shared/admin.ts'
import type { MesasParaImprimir } from '../../../shared/admin-lojas.ts'
import { nomeMesa } from '../../../shared/estado-pedido.ts'
import type { QrDrawing } from '../../ui/qr-path.ts'
import { AdminLayout } from './AdminLayout.tsx'
import { adminGet } from './api.ts'
import { adminKeys } from './keys.ts'

/** Each table's QR code, drawn as the loyalty card's (the `qrcode` encoder, qr-path.ts), at level M: printed large. */
function useQrs(urls: readonly string[]): { qrs: Map<string, QrDrawing>; falhou: boolean } {
  const [qrs, setQrs] = useState(() => new Map<string, QrDrawing>())
  const [falhou, setFalhou] = useState(false)
  const chave = urls.join('\n')
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list by its contents (`chave`), not its identity.
  useEffect(() => {
    let atual = true
    Promise.all([import('qrcode'), import('../../ui/qr-path.ts')])
      .then(([{ create }, { qrPath }]) => {
        if (atual) setQrs(new Map(urls.map((u) => [u, qrPath(create, u, 'M')])))
      })
      .catch(() => {
        if (atual) setFalhou(true)
      })
    return () => {
      atual = false
    }
  }, [chave])
  return { qrs, falhou }
}

/**
 * `/admin/lojas/{id_loja}/mesas` (decision 0045): the QR codes of a store's tables, one card per table with its number,
 * for printing ('Imprimir' prints the cards alone). Scanned, a code opens the store's catalogue, eating in, at that
 * table. The codes are signed by the store's secret, made on the first print: they stay valid while the store has the
 * table.
 */
export function MesasPage() {
  const { id_loja = '' } = useParams()
  const dados = useQuery({
    queryKey: [...adminKeys.all, 'lojas', id_loja, 'mesas'],
    queryFn: ({ signal }) => adminGet<MesasParaImprimir>(`/lojas/${encodeURIComponent(id_loja)}/mesas`, signal),
    // Read anew each visit: a store's tables just changed print as they are now.
    staleTime: 0,
  })
  const mesas = dados.data?.mesas ?? []
  const { qrs, falhou } = useQrs(mesas.map((m) => m.url))
  // Printed only once every card has its code drawn: never a sheet of blank cards.
  const desenhados = mesas.every((m) => qrs.has(m.url))
  const titulo = dados.data ? `Códigos das mesas — ${dados.data.loja}` : 'Códigos das mesas'
  return (
    <AdminLayout titulo={titulo}>
      <h1>{titulo}</h1>
      <p>
        <Link to={adminPaths.lojas}>Voltar às lojas</Link>
      </p>
      {dados.isPending && <p role="status">A carregar…</p>}
      {dados.isError && <p role="alert">{dados.error.message}</p>}
      {dados.data && mesas.length === 0 && (
        <p>Esta loja não tem mesas. Indique o número de mesas na ficha da loja (Restaurantes).</p>
      )}
      {mesas.length > 0 && (
        <>
          <p>
            Imprima as folhas e coloque cada código na mesa com o mesmo número. Ao ler o código, o cliente encomenda
            desta loja para comer na loja, com o número da mesa.
          </p>
          {falhou && (
            <p role="alert">Não foi possível desenhar os códigos. Verifique a ligação e recarregue a página.</p>
          )}
          <p>
            <button type="button" className="button" disabled={!desenhados} onClick={() => window.print()}>
              {desenhados || falhou ? 'Imprimir' : 'A preparar os códigos…'}
            </button>
          </p>
          <ul className="admin-mesas-folha" aria-label="Códigos das mesas">
            {mesas.map((m) => {
              const qr = qrs.get(m.url)
              return (
                <li key={m.mesa} className="admin-mesa">
                  <svg
                    role="img"
                    aria-label={`Código QR da ${nomeMesa(m.mesa)}`}
                    className="admin-mesa-qr"
                    viewBox={`0 0 ${qr?.size ?? 1} ${qr?.size ?? 1}`}
                    shapeRendering="crispEdges"
                    focusable="false"
                    data-url={m.url}
                  >
                    <rect width={qr?.size ?? 1} height={qr?.size ?? 1} fill="#fff" />
                    <path d={qr?.d ?? ''} fill="#000" />
                  </svg>
                  <p className="admin-mesa-numero">{nomeMesa(m.mesa)}</p>
                  <p className="admin-mesa-loja">{dados.data?.loja}</p>
                  <p className="admin-mesa-ajuda">Leia o código com a câmara para encomendar</p>
                </li>
              )
            })}
          </ul>
        </>
      )}
    </AdminLayout>
  )
}
