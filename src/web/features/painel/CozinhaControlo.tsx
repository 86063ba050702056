import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Cozinha, cozinhaTextos, type DefinirCozinha, OCUPADA_MINUTOS } from '../../../shared/cozinha.ts'
import { painelGet, painelPost } from './api.ts'
import { painelKeys } from './keys.ts'

/** Read again this often: another tablet of the store, or the back-office, may change it. */
const LER_MS = 30_000

/**
 * The kitchen's bar above the board (decision 0041): 'Normal', '+10 min', '+20 min' or '+30 min' on every promise
 * from now on (until set back, or the store's day ends), and 'Pausar encomendas' / 'Retomar encomendas'. What it
 * sets is said in words (a status), with the orders in the kitchen and what a new order is promised on top.
 */
export function CozinhaControlo({ onErro }: { onErro: (error: unknown) => void }) {
  const queryClient = useQueryClient()
  const query = useQuery({
    queryKey: painelKeys.cozinha(),
    queryFn: ({ signal }) => painelGet<Cozinha>('/cozinha', signal),
    refetchInterval: LER_MS,
    staleTime: 0,
  })
  const definir = useMutation({
    mutationFn: (pedido: DefinirCozinha) => painelPost<Cozinha>('/cozinha', pedido),
    onSuccess: (cozinha) => queryClient.setQueryData(painelKeys.cozinha(), cozinha),
    onError: onErro,
  })
  const dados = query.data
  if (!dados) {
    if (!query.isError) return null
    return (
      <section className="painel-cozinha" aria-labelledby="cozinha-titulo">
        <h2 id="cozinha-titulo" className="painel-cozinha-titulo">
          {cozinhaTextos.titulo}
        </h2>
        <p role="alert" className="painel-aviso painel-aviso-erro">
          {cozinhaTextos.erroLeitura}
        </p>
        <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
          Tentar novamente
        </button>
      </section>
    )
  }
  const aEnviar = definir.isPending ? definir.variables : undefined
  // Busy while a change is on its way: the buttons stay focusable (a keyboard user keeps their place), taps wait.
  const mudar = (pedido: DefinirCozinha) => {
    if (!definir.isPending) definir.mutate(pedido)
  }
  const estado = dados.em_pausa
    ? cozinhaTextos.estadoPausa
    : dados.ocupada_minutos > 0
      ? cozinhaTextos.estadoOcupada(dados.ocupada_minutos)
      : cozinhaTextos.estadoNormal
  return (
    <section className="painel-cozinha" aria-labelledby="cozinha-titulo">
      <h2 id="cozinha-titulo" className="painel-cozinha-titulo">
        {cozinhaTextos.titulo}
      </h2>
      <p className={`painel-cozinha-estado${dados.em_pausa ? ' painel-cozinha-pausa' : ''}`}>
        {/* Only what staff set is announced: the queue's count changes on every read. */}
        <span role="status">{estado}</span>
        <span className="muted">
          {' '}
          · {dados.fila} na cozinha · um pedido novo: +{dados.acrescimo} min
        </span>
      </p>
      <fieldset className="painel-cozinha-botoes">
        <legend className="visually-hidden">Minutos a acrescentar a cada pedido</legend>
        {OCUPADA_MINUTOS.map((m) => (
          <button
            key={m}
            type="button"
            className="painel-sugestao"
            aria-pressed={dados.ocupada_minutos === m}
            aria-disabled={definir.isPending}
            onClick={() => mudar({ ocupada_minutos: m })}
          >
            {aEnviar?.ocupada_minutos === m ? 'A guardar…' : m === 0 ? cozinhaTextos.normal : cozinhaTextos.ocupada(m)}
          </button>
        ))}
      </fieldset>
      <button
        type="button"
        className={`button${dados.em_pausa ? '' : ' button-secondary'} painel-cozinha-pausar`}
        aria-disabled={definir.isPending}
        onClick={() => mudar({ em_pausa: !dados.em_pausa })}
      >
        {aEnviar?.em_pausa !== undefined ? 'A guardar…' : dados.em_pausa ? cozinhaTextos.retomar : cozinhaTextos.pausar}
      </button>
    </section>
  )
}
