import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { MESA_VALIDADE_MS, type MesaAberta } from '../../../shared/mesas.ts'
import { paths } from '../../../shared/routes.ts'
import { ApiError, apiGet, OFFLINE_MESSAGE } from '../../lib/api.ts'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useEncomendaLocal } from './carrinho.ts'

/**
 * `/mesa/{codigo}` (decision 0045): a table's QR code. The code is checked by the server (a genuine table of a store
 * that takes orders now); then the app opens that store's catalogue, eating in, at that table. A code refused says why,
 * with the way back to the catalogue.
 */
export function MesaPage() {
  useHeader('Mesa', paths.catalogo)
  const { codigo = '' } = useParams()
  const navigate = useNavigate()
  const { sentarMesa } = useEncomendaLocal()
  const mesa = useQuery({
    queryKey: ['mesa', codigo],
    queryFn: ({ signal }) => apiGet<MesaAberta>(`/api/mesas/${encodeURIComponent(codigo)}`, signal),
    retry: (n, error) => !(error instanceof ApiError) && n < 2,
    staleTime: 0,
  })
  const aberta = mesa.data
  useEffect(() => {
    if (!aberta) return
    sentarMesa({ id_loja: aberta.id_loja, numero: aberta.mesa, codigo, ate: Date.now() + MESA_VALIDADE_MS })
    navigate(paths.catalogo, { replace: true })
  }, [aberta, codigo, sentarMesa, navigate])

  if (mesa.isError) {
    const mensagem = mesa.error instanceof ApiError ? mesa.error.message : OFFLINE_MESSAGE
    return (
      <main className="page" id="conteudo">
        <h1>Encomendar da mesa</h1>
        <div className="chk-painel" role="alert">
          <p>{mensagem}</p>
        </div>
        <div className="form-actions">
          {!(mesa.error instanceof ApiError) && (
            <button type="button" className="button" onClick={() => void mesa.refetch()}>
              Tentar novamente
            </button>
          )}
          <Link className="button button-secondary" to={paths.catalogo}>
            Ver o catálogo
          </Link>
        </div>
      </main>
    )
  }
  return <Loading label="A abrir a mesa…" />
}
