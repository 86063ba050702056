import { queryOptions, useQuery } from '@tanstack/react-query'
import { type ReactNode, useDeferredValue, useId, useState } from 'react'
import { Navigate } from 'react-router'
import { ESTADO_NA_LOJA, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { EncomendaHoje } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { isSemSessao, painelGet } from './api.ts'
import { painelKeys } from './keys.ts'
import { PainelCarregando, PainelErro, PainelLayout } from './PainelLayout.tsx'
import { horaNaLoja } from './use-encomendas-loja.ts'
import { useLoja } from './use-loja.ts'

/** The day's list is read again this often while it is open: the board moves orders on meanwhile. */
const RELER_MS = 30_000

const hojeQuery = () =>
  queryOptions({
    queryKey: painelKeys.hoje(),
    queryFn: ({ signal }) => painelGet<EncomendaHoje[]>('/encomendas/hoje', signal),
    refetchInterval: RELER_MS,
    staleTime: 0,
  })

/** Text as staff type it: no accents, no case ('joao' finds 'João'). */
const simples = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-PT')
    .trim()

/**
 * The orders matching what staff typed: by number (the order's number starts with the digits typed, so '12' finds 12
 * and 120) or by the customer's name (any part of it). Nothing typed: all of them.
 */
export function procurar(lista: readonly EncomendaHoje[], procura: string): EncomendaHoje[] {
  const termo = simples(procura)
  if (termo === '') return [...lista]
  const numero = termo.replace(/^(n\.?\s*º?\s*|#)/, '')
  const porNumero = /^\d+$/.test(numero)
  return lista.filter((o) => (porNumero && o.codigo.startsWith(numero)) || simples(o.nome).includes(termo))
}

const contagem = (n: number) => (n === 1 ? '1 encomenda' : `${n} encomendas`)

/**
 * `/painel/hoje`: the store's orders of today (since midnight in the store's time), newest first, in every state they
 * reached once paid, with when each came in, who it is for, how it is delivered and its total; a search by number or
 * name finds the one a customer asks about at the counter. Read again every 30 s while open.
 */
export function HojePage() {
  const loja = useLoja()
  const query = useQuery(hojeQuery())
  const [procura, setProcura] = useState('')
  const procuraAdiada = useDeferredValue(procura)
  const campo = useId()

  if (isSemSessao(query.error) || isSemSessao(loja.error)) return <Navigate to={paths.painelEntrar} replace />

  let conteudo: ReactNode
  if (query.isPending) {
    conteudo = <PainelCarregando label="A carregar as encomendas de hoje…" />
  } else if (!query.data) {
    conteudo = <PainelErro error={query.error} onRetry={() => void query.refetch()} />
  } else {
    const encontradas = procurar(query.data, procuraAdiada)
    conteudo = (
      <>
        <p className="painel-hoje-contagem" role="status">
          {query.data.length === 0
            ? 'Ainda não há encomendas hoje.'
            : procuraAdiada.trim() === ''
              ? `${contagem(query.data.length)} hoje`
              : encontradas.length === 0
                ? `Nenhuma encomenda de hoje com «${procuraAdiada.trim()}».`
                : `${contagem(encontradas.length)} de ${query.data.length}`}
        </p>
        {encontradas.length > 0 && (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone it scrolls sideways, so it must take the focus for a keyboard to scroll it (axe scrollable-region-focusable)
          <section className="painel-cartao painel-hoje-tabela-caixa" aria-label="Encomendas de hoje" tabIndex={0}>
            <table className="painel-hoje-tabela">
              <caption className="visually-hidden">Encomendas de hoje, a mais recente primeiro</caption>
              <thead>
                <tr>
                  <th scope="col">Pedido</th>
                  <th scope="col">Hora</th>
                  <th scope="col">Cliente</th>
                  <th scope="col">Entrega</th>
                  <th scope="col">Estado</th>
                  <th scope="col" className="painel-hoje-total">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {encontradas.map((o) => (
                  <tr key={o.id} data-encomenda={o.id}>
                    <th scope="row" className="painel-hoje-numero">
                      {o.codigo}
                    </th>
                    <td>
                      <time dateTime={o.criada_em}>{horaNaLoja(o.criada_em, loja.data?.fuso)}</time>
                    </td>
                    <td>{o.nome}</td>
                    <td>{TIPOS_ENTREGA[o.id_tipo_entrega]}</td>
                    <td>
                      <span className={`painel-hoje-estado painel-hoje-estado-${o.estado}`}>
                        {ESTADO_NA_LOJA[o.estado]}
                      </span>
                    </td>
                    <td className="painel-hoje-total">{formatMoney(o.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </>
    )
  }

  return (
    <PainelLayout title="Hoje" loja={loja.data} sair className="painel-hoje">
      <h1>Hoje</h1>
      <search className="field painel-hoje-procura">
        <label htmlFor={campo}>Procurar por número ou nome</label>
        <input
          id={campo}
          type="search"
          value={procura}
          onChange={(e) => setProcura(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
      </search>
      {conteudo}
    </PainelLayout>
  )
}
