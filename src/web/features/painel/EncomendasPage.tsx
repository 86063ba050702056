import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import { Navigate } from 'react-router'
import { ESTADO } from '../../../shared/estado-pedido.ts'
import type { EncomendaLoja } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { isSemSessao } from './api.ts'
import { CancelarEncomendaDialog } from './CancelarEncomendaDialog.tsx'
import { CozinhaControlo } from './CozinhaControlo.tsx'
import { cartaoTituloId, EncomendaCartao, type Pendente, passoDe } from './EncomendaCartao.tsx'
import { FaturasEmFalta } from './FaturasEmFalta.tsx'
import { ImpressoraEstado } from './ImpressoraEstado.tsx'
import { PainelCarregando, PainelErro, PainelLayout } from './PainelLayout.tsx'
import { ReimprimirTalao } from './ReimprimirTalao.tsx'
import { useSom } from './som.ts'
import { useAvancarEncomenda, useCancelarEncomenda, useEncomendasLoja } from './use-encomendas-loja.ts'
import { useErroDialog } from './use-erro-dialog.tsx'
import { useLoja } from './use-loja.ts'
import { paraMaisTarde, useMaisTarde } from './use-mais-tarde.ts'

/**
 * The columns of the board: for later (received, with a pick-up time whose preparation has not started: shown only
 * when there is one), to make, being made, and ready for the customer to collect.
 */
const COLUNAS = [
  { estado: 'mais-tarde', titulo: 'Para mais tarde', id: 'coluna-mais-tarde' },
  { estado: ESTADO.recebido, titulo: 'Recebidas', id: 'coluna-recebidas' },
  { estado: ESTADO.emPreparacao, titulo: 'Em preparação', id: 'coluna-em-preparacao' },
  { estado: ESTADO.pronto, titulo: 'Prontas', id: 'coluna-prontas' },
] as const

/** A second tap this soon after a step is the rest of a double tap, on whatever card slid under the finger. */
const TOQUE_DUPLO_MS = 600

/** The minutes waiting are counted again this often. */
const RELOGIO_MS = 30_000

function useAgora(intervalo: number): number {
  const [agora, setAgora] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setAgora(Date.now()), intervalo)
    return () => clearInterval(id)
  }, [intervalo])
  return agora
}

/**
 * `/painel/encomendas` (STORE-API.md "Staff pages"): the live board of the store's paid orders, received and in
 * preparation, and ready ones until the customer collects them, oldest first. A new order chimes, is announced and
 * stands out until someone starts it (the tab's title counts them); one tap moves an order on ('Começar preparação',
 * 'Pronto', then 'Entregue', when it leaves the board); 'Cancelar', until it is ready, asks for the reason and refunds
 * the customer. A tablet that is not paired goes to /painel/entrar.
 */
export function EncomendasPage() {
  const loja = useLoja()
  const erro = useErroDialog()
  const som = useSom()
  const agora = useAgora(RELOGIO_MS)
  const [novas, setNovas] = useState<number[]>([])
  const [anuncio, setAnuncio] = useState('')
  const [pendentes, setPendentes] = useState<Record<number, Pendente>>({})
  const [aCancelar, setACancelar] = useState<EncomendaLoja | null>(null)
  const [focar, setFocar] = useState<{ id: string } | null>(null)
  const ultimoPasso = useRef(0)
  // The step buttons rest for a moment after a step, visibly: a tap then would be the rest of a double tap.
  const [emPausa, setEmPausa] = useState(false)
  useEffect(() => {
    if (!emPausa) return
    const t = setTimeout(() => setEmPausa(false), TOQUE_DUPLO_MS)
    return () => clearTimeout(t)
  }, [emPausa])

  const { avisar } = som
  const chegaram = useCallback(
    (chegadas: EncomendaLoja[]) => {
      setNovas((n) => [...n, ...chegadas.map((o) => o.id)])
      setAnuncio(chegadas.map((o) => `Nova encomenda ${o.codigo}`).join('. '))
      avisar()
    },
    [avisar],
  )
  const { query, ligacao } = useEncomendasLoja(chegaram)
  // An order for later comes forward when its preparation should start: it stands out, is announced and chimes.
  const vencer = useCallback(
    (vencidas: EncomendaLoja[]) => {
      setNovas((n) => [...n, ...vencidas.map((o) => o.id)])
      setAnuncio(vencidas.map((o) => `Encomenda ${o.codigo}: começar a preparação`).join('. '))
      avisar()
    },
    [avisar],
  )
  const tarde = useMaisTarde(query.data, query.dataUpdatedAt, vencer)
  const avancar = useAvancarEncomenda()
  const cancelar = useCancelarEncomenda()

  // Keyboard users keep their place when a card moves or leaves (touch users are not scrolled about).
  // Once the cancel dialog has gone (the page behind it is inert while it is open).
  useEffect(() => {
    if (!focar || aCancelar) return
    document.getElementById(focar.id)?.focus({ preventScroll: true })
    setFocar(null)
  }, [focar, aCancelar])

  const semSessao = isSemSessao(query.error) || isSemSessao(loja.error)
  if (semSessao) return <Navigate to={paths.painelEntrar} replace />

  const lista = query.data ?? []
  /** The column an order shows in: a step on its way shows as taken; one for later waits apart until it is due. */
  const colunaDe = (o: EncomendaLoja) =>
    pendentes[o.id] === ESTADO.emPreparacao ? ESTADO.emPreparacao : paraMaisTarde(o, tarde) ? 'mais-tarde' : o.estado
  // An order for later is not 'Nova' until it comes forward.
  const porFazer = (o: EncomendaLoja) =>
    o.estado === ESTADO.recebido && pendentes[o.id] === undefined && !paraMaisTarde(o, tarde)
  const novasAgora = novas.filter((id) => lista.some((o) => o.id === id && porFazer(o)))
  const titulo = novasAgora.length > 0 ? `(${novasAgora.length}) Encomendas` : 'Encomendas'

  const pendente = (id: number, p: Pendente | undefined) =>
    setPendentes(({ [id]: _, ...resto }) => (p === undefined ? resto : { ...resto, [id]: p }))

  /** Where focus goes when this card leaves the board: the next card of its column, or the one before, or the column. */
  const depoisDe = (o: EncomendaLoja) => {
    const coluna = COLUNAS.find((c) => c.estado === colunaDe(o))
    const desta = lista.filter((x) => colunaDe(x) === colunaDe(o))
    const i = desta.findIndex((x) => x.id === o.id)
    const vizinha = desta[i + 1] ?? desta[i - 1]
    return vizinha ? cartaoTituloId(vizinha.id) : (coluna?.id ?? 'conteudo')
  }

  const onAvancar = (o: EncomendaLoja, teclado: boolean) => {
    const passo = passoDe(o.estado)
    if (!passo || pendentes[o.id] !== undefined) return
    const agoraMs = performance.now()
    if (agoraMs - ultimoPasso.current < TOQUE_DUPLO_MS) return
    ultimoPasso.current = agoraMs
    setEmPausa(true)
    // Started, the card moves at once (optimistically) and focus follows it; made ready or collected, it moves or
    // leaves with the answer, and focus goes to its neighbour.
    const segue = passo.estado === ESTADO.emPreparacao
    const depois = segue ? cartaoTituloId(o.id) : depoisDe(o)
    pendente(o.id, passo.estado)
    if (teclado && segue) setFocar({ id: depois })
    avancar
      .mutateAsync({ id: o.id, estado: passo.estado })
      .then(() => {
        setAnuncio(`Encomenda ${o.codigo} ${passo.anuncio}`)
        if (teclado && !segue) setFocar({ id: depois })
      })
      .catch((error: unknown) => erro.mostrar(error))
      .finally(() => pendente(o.id, undefined))
  }

  const onCancelar = async (o: EncomendaLoja, motivo: string) => {
    const depois = depoisDe(o)
    pendente(o.id, 'cancelar')
    try {
      await cancelar.mutateAsync({ id: o.id, motivo })
      setAnuncio(`Encomenda ${o.codigo} cancelada`)
      setFocar({ id: depois })
    } finally {
      pendente(o.id, undefined)
    }
  }

  let quadro: ReactNode
  if (query.isPending) {
    quadro = <PainelCarregando label="A carregar as encomendas…" />
  } else if (!query.data) {
    quadro = <PainelErro error={query.error} onRetry={() => void query.refetch()} />
  } else if (lista.length === 0) {
    quadro = (
      <div className="painel-cartao painel-quadro-vazio">
        <p>Sem encomendas por preparar</p>
        <p className="muted">As encomendas pagas na app aparecem aqui assim que chegam.</p>
      </div>
    )
  } else {
    quadro = (
      <div className="painel-quadro-colunas">
        {COLUNAS.map((coluna) => {
          const desta = lista.filter((o) => colunaDe(o) === coluna.estado)
          if (coluna.estado === 'mais-tarde' && desta.length === 0) return null
          return (
            // Focusable: on a wide screen each column scrolls on its own, and a keyboard must reach what it hides.
            <section
              key={coluna.id}
              className={`painel-quadro-coluna painel-${coluna.id}`}
              aria-labelledby={coluna.id}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard (WCAG 2.1.1).
              tabIndex={0}
            >
              <h2 id={coluna.id} tabIndex={-1}>
                {coluna.titulo} <span className="painel-quadro-contagem">{desta.length}</span>
              </h2>
              {desta.length === 0 ? (
                <p className="painel-quadro-nenhuma">Nenhuma</p>
              ) : (
                <ul className="painel-quadro-lista">
                  {desta.map((o) => (
                    <EncomendaCartao
                      key={o.id}
                      encomenda={o}
                      nova={novasAgora.includes(o.id)}
                      pendente={pendentes[o.id]}
                      pausa={emPausa}
                      agora={Math.max(agora, tarde)}
                      fuso={loja.data?.fuso}
                      onAvancar={onAvancar}
                      onCancelar={setACancelar}
                      reimprimir={
                        <ReimprimirTalao encomenda={o} descritoPor={cartaoTituloId(o.id)} onErro={erro.mostrar} />
                      }
                    />
                  ))}
                </ul>
              )}
            </section>
          )
        })}
      </div>
    )
  }

  return (
    <PainelLayout title={titulo} loja={loja.data} sair className="painel-quadro">
      <div className="painel-quadro-topo">
        <div className="painel-quadro-cabecalho">
          <h1>Encomendas</h1>
          <div className="painel-quadro-estado">
            {som.estado === 'indisponivel' ? (
              <p>Sem som neste navegador</p>
            ) : som.ligado ? (
              <>
                {som.estado === 'bloqueado' ? (
                  <button type="button" className="button painel-som" onClick={som.ativar}>
                    Ativar som
                  </button>
                ) : (
                  <p>Som ativo</p>
                )}
                <button type="button" className="button button-secondary painel-som" onClick={() => som.ligar(false)}>
                  Desligar som
                </button>
              </>
            ) : (
              <>
                <p>Som desligado</p>
                <button type="button" className="button painel-som" onClick={() => som.ligar(true)}>
                  Ligar som
                </button>
              </>
            )}
          </div>
        </div>
        <div role="status" className="painel-quadro-ligacao">
          {ligacao === 'sem-ligacao' && (
            <p className="painel-aviso painel-aviso-erro">
              Sem ligação ao servidor: a tentar novamente. As encomendas novas aparecem assim que a ligação voltar.
            </p>
          )}
        </div>
        <CozinhaControlo onErro={erro.mostrar} />
      </div>
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {anuncio}
      </p>
      {/* The store's missing fiscal documents, above the orders: a paid order's invoice is one of them. */}
      <FaturasEmFalta />
      <ImpressoraEstado onErro={erro.mostrar} />
      {quadro}
      {aCancelar && (
        <CancelarEncomendaDialog
          encomenda={aCancelar}
          onConfirmar={(motivo) => onCancelar(aCancelar, motivo)}
          onClose={() => setACancelar(null)}
          onErro={erro.mostrar}
        />
      )}
      {erro.dialogo}
    </PainelLayout>
  )
}
