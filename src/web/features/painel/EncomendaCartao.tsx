import type { ReactNode } from 'react'
import { ESTADO, nomeMesa, PASSO_SEGUINTE, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { formatMoney, linhaEmbalagem } from '../../../shared/format.ts'
import type { EncomendaLoja } from '../../../shared/pedido.ts'
import { ESPERA_LONGA_MIN, esperaTexto, horaNaLoja, minutosDesde } from './use-encomendas-loja.ts'

/**
 * The step each open order takes next (estado-pedido.ts `PASSO_SEGUINTE`): its button, its label while sent, and what
 * the board announces once it is taken ('Encomenda 12 pronta').
 */
export const SEGUINTE = {
  [ESTADO.recebido]: {
    estado: PASSO_SEGUINTE[ESTADO.recebido],
    rotulo: 'Começar preparação',
    aEnviar: 'A guardar…',
    anuncio: 'em preparação',
  },
  [ESTADO.emPreparacao]: {
    estado: PASSO_SEGUINTE[ESTADO.emPreparacao],
    rotulo: 'Pronto',
    aEnviar: 'A concluir…',
    anuncio: 'pronta',
  },
  [ESTADO.pronto]: {
    estado: PASSO_SEGUINTE[ESTADO.pronto],
    rotulo: 'Entregue',
    aEnviar: 'A entregar…',
    anuncio: 'entregue',
  },
} as const

/** The next step of an order on the board, if it has one. */
export const passoDe = (estado: number) =>
  estado === ESTADO.recebido || estado === ESTADO.emPreparacao || estado === ESTADO.pronto
    ? SEGUINTE[estado]
    : undefined

/** What is being sent for an order: a step forward (its target state) or its cancellation. */
export type Pendente = 1 | 2 | 3 | 'cancelar'

interface EncomendaCartaoProps {
  encomenda: EncomendaLoja
  /** Arrived while the board was open and nobody has started it yet. */
  nova: boolean
  pendente: Pendente | undefined
  /** Just after a step on any card: the step buttons wait (a tap now is the rest of a double tap). */
  pausa: boolean
  /** Now, in epoch ms (the board's clock, ticking), for the minutes waiting. */
  agora: number
  /** The store's time zone, for when the order came in (its hour, in the Azores the Azores'). */
  fuso?: string | undefined
  /** `teclado`: the tap came from the keyboard (focus then follows the card). */
  onAvancar: (encomenda: EncomendaLoja, teclado: boolean) => void
  onCancelar: (encomenda: EncomendaLoja) => void
  /** The kitchen printer's 'Reimprimir' for this order (ReimprimirTalao.tsx), beside the card's other actions. */
  reimprimir?: ReactNode
}

export const cartaoTituloId = (id: number) => `encomenda-${id}`

/**
 * One order on the board: its number, large; when it came in and how long it has waited; how it is delivered; who it
 * is for; 'Verificar idade' and 'Traz o seu recipiente' when they apply; what to make (quantity × product, 'Meia
 * dose' beside a half portion, extras and options under it, the customer's note for the kitchen set apart so it is not
 * missed); the total; one large button to move it on ('Começar preparação', 'Pronto', then 'Entregue' when the
 * customer collects it) and, until it is ready, a smaller 'Cancelar'. While a change is on its way the buttons wait for the answer.
 */
export function EncomendaCartao({
  encomenda: o,
  nova,
  pendente,
  pausa,
  agora,
  fuso,
  onAvancar,
  onCancelar,
  reimprimir,
}: EncomendaCartaoProps) {
  const tituloId = cartaoTituloId(o.id)
  // Optimistic: a step on its way shows as taken (the board moves the card), its button waiting for the answer.
  const estado = pendente === ESTADO.emPreparacao ? ESTADO.emPreparacao : o.estado
  const seguinte = passoDe(estado)
  // The step on its way is the one from the order's own state (started, the card already shows the next column's).
  const aEnviar =
    pendente !== undefined && pendente === passoDe(o.estado)?.estado ? passoDe(o.estado)?.aEnviar : undefined
  const pronta = estado === ESTADO.pronto
  // An order for later waits from when its preparation should start, not from when it was paid; until then the card
  // says when that is.
  const minutos = minutosDesde(o.preparar_em ?? o.criada_em, agora)
  const comecaAs = o.preparar_em !== null && Date.parse(o.preparar_em) > agora ? o.preparar_em : null
  // Ready, the wait is the customer's, not the kitchen's: not flagged as late.
  const atrasada = !pronta && minutos >= ESPERA_LONGA_MIN
  const classes = ['painel-encomenda', `painel-encomenda-tipo-${o.id_tipo_entrega}`]
  if (nova) classes.push('painel-encomenda-nova')
  if (pendente !== undefined) classes.push('painel-encomenda-pendente')

  return (
    <li className={classes.join(' ')} data-encomenda={o.id} aria-busy={pendente !== undefined}>
      <div className="painel-encomenda-topo">
        <h3 id={tituloId} className="painel-encomenda-codigo" tabIndex={-1}>
          <span className="painel-encomenda-rotulo">Pedido</span>{' '}
          <span className="painel-encomenda-numero">{o.codigo}</span>
        </h3>
        {nova && <span className="painel-encomenda-marca">Nova</span>}
        <p className={atrasada ? 'painel-encomenda-hora painel-encomenda-atrasada' : 'painel-encomenda-hora'}>
          <span className="visually-hidden">Recebida às </span>
          <time dateTime={o.criada_em}>{horaNaLoja(o.criada_em, fuso)}</time>
          <span className="painel-encomenda-espera">
            {comecaAs ? `começa às ${horaNaLoja(comecaAs, fuso)}` : esperaTexto(minutos)}
          </span>
        </p>
      </div>
      <p className="painel-encomenda-cliente">
        <span className="painel-encomenda-entrega">{TIPOS_ENTREGA[o.id_tipo_entrega]}</span>
        {o.mesa !== null && <strong className="painel-encomenda-mesa">{nomeMesa(o.mesa)}</strong>}
        {o.levantar_em && (
          <strong className="painel-encomenda-levantar">
            Levantar às <time dateTime={o.levantar_em}>{horaNaLoja(o.levantar_em, fuso)}</time>
          </strong>
        )}
        <span className="painel-encomenda-nome">{o.nome}</span>
        {o.nif && <span className="painel-encomenda-nif">NIF {o.nif}</span>}
      </p>
      {/* What the law asks of the counter (decision 0037): the customer's age checked at pick-up for a line sold to
          adults only; the customer's own container, into which the kitchen packs a take-away order. */}
      {(o.verificar_idade || o.recipiente_proprio) && (
        <ul className="painel-encomenda-avisos" aria-label="Avisos">
          {o.verificar_idade && <li className="painel-encomenda-aviso">Verificar idade</li>}
          {o.recipiente_proprio && <li className="painel-encomenda-aviso">Traz o seu recipiente</li>}
        </ul>
      )}
      <ul className="painel-encomenda-linhas" aria-label="Produtos">
        {o.linhas.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change, nor their order
          <li key={i}>
            <span className="painel-encomenda-qtd">{l.qtd} ×</span> <span>{l.produto}</span>
            {/* The order carries only `porcao`: 'Meia dose' whatever the menu calls it, as on the confirmation. */}
            {l.porcao === 'meia' && (
              <>
                {' '}
                <span className="painel-encomenda-porcao">Meia dose</span>
              </>
            )}
            {l.complementos.length + l.opcoes.length > 0 && (
              <ul className="painel-encomenda-extras">
                {l.complementos.map((c) => (
                  <li key={`c-${c}`}>+ {c}</li>
                ))}
                {l.opcoes.map((c) => (
                  <li key={`o-${c}`}>{c}</li>
                ))}
              </ul>
            )}
            {l.observacoes && (
              <p className="painel-encomenda-nota">
                <span className="painel-encomenda-nota-rotulo">Observações:</span> {l.observacoes}
              </p>
            )}
          </li>
        ))}
      </ul>
      {o.embalagens.length > 0 && (
        <ul className="painel-encomenda-embalagens" aria-label="Embalagens">
          {o.embalagens.map((e) => (
            <li key={e.produto}>
              {e.qtd} × {linhaEmbalagem(e.produto)} <span>{formatMoney(e.valor)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="painel-encomenda-total">
        Total <strong>{formatMoney(o.total)}</strong>
        {o.desconto_premio > 0 && ` · Prémio −${formatMoney(o.desconto_premio)}`}
      </p>
      <div className="painel-encomenda-acoes">
        {seguinte && (
          <button
            type="button"
            className="button painel-encomenda-avancar"
            aria-describedby={tituloId}
            disabled={pendente !== undefined || pausa}
            onClick={(event) => onAvancar(o, event.detail === 0)}
          >
            {aEnviar ?? seguinte.rotulo}
          </button>
        )}
        {/* A ready order is made: the store can no longer cancel it (STORE-API.md), only hand it over. */}
        {!pronta && (
          <button
            type="button"
            className="button button-secondary painel-encomenda-cancelar"
            aria-describedby={tituloId}
            disabled={pendente !== undefined}
            onClick={() => onCancelar(o)}
          >
            {pendente === 'cancelar' ? 'A cancelar…' : 'Cancelar'}
          </button>
        )}
        {reimprimir}
      </div>
    </li>
  )
}
