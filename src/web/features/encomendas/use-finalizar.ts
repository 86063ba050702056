import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type {
  Calculo,
  FinalizaEncomendaInput,
  FinalizaResposta,
  LinhaCarrinho,
  TransacaoCalculada,
} from '../../../shared/encomenda.ts'
import { formatMoney } from '../../../shared/format.ts'
import { ApiError, apiPost, customerApi } from '../../lib/api.ts'
import { encomendasKeys } from './keys.ts'

/** Spec §8's words for a checkout the server could not take. */
export const SUBMETER_FALHOU = 'Não foi possível submeter o carrinho. Tente mais tarde'

// ---------------------------------------------------------------------------------------------------------------------
// The calculation (spec §7 api-calcula-encomenda)

export interface PedidoCalculo {
  cart: LinhaCarrinho[]
  id_loja: number
  usar_premio: 0 | 1
  /** The kind of sale: a store may price take-away and eating in from different tiers. */
  id_tipo_entrega: 0 | 1
  /** 'Trago o meu recipiente': no single-use packaging contribution on a take-away order. */
  recipiente_proprio: 0 | 1
  /** 'Usar prémio': one of the customer's rewards taken off, before the balance. */
  resgatar_premio: 0 | 1
  /** 'Usar o prémio de aniversário': the birthday reward taken off instead. */
  usar_premio_aniversario: 0 | 1
}

export const calcular = (body: PedidoCalculo) => apiPost<Calculo>('/api/calcula-encomenda', body)

/**
 * The cart priced by the server, with or without the balance. Never retried by itself: a failure is shown in a dialog
 * at once (spec §8), and trying again is the person's choice. `cartKey` is the cart's JSON (the query's identity).
 */
export const calculoQuery = (body: PedidoCalculo, cartKey: string, enabled = true) =>
  queryOptions({
    queryKey: encomendasKeys.calculo(
      body.id_loja,
      body.usar_premio,
      body.id_tipo_entrega,
      body.recipiente_proprio,
      cartKey,
      body.resgatar_premio,
      body.usar_premio_aniversario,
    ),
    queryFn: () => calcular(body),
    enabled,
    retry: false,
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  })

export const useCalculo = (body: PedidoCalculo, cartKey: string, enabled = true) =>
  useQuery(calculoQuery(body, cartKey, enabled))

/**
 * 'Rebater Oferta' (spec §4): what the person may take off this order. The balance, when it all fits in the order;
 * otherwise the balance and the part of it the order can take.
 */
export function mensagemSaldo(
  t: Pick<TransacaoCalculada, 'customer_outstanding' | 'total_outstanding_removed'>,
): string {
  const saldo = Math.max(t.customer_outstanding, t.total_outstanding_removed)
  if (t.total_outstanding_removed >= saldo) {
    return `Tem ${formatMoney(saldo)} de saldo. Quer usá-lo nesta encomenda?`
  }
  return `Tem ${formatMoney(saldo)} de saldo. Quer usar ${formatMoney(t.total_outstanding_removed)} nesta encomenda?`
}

/**
 * A failure that names cart lines (`error.fields` `{"cart.2": "…"}`: a product gone from the menu, a store closed for
 * it…) as one dialog: the server's message, then each line by its name and what is wrong with it.
 */
export function erroComLinhas(error: unknown, nomes: readonly string[]): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error
  const linhas = Object.entries(error.fields).flatMap(([campo, mensagem]) => {
    const m = /^cart(?:\.(\d+))?(?:\.|$)/.exec(campo)
    if (!m) return []
    const nome = m[1] === undefined ? undefined : nomes[Number(m[1])]
    return [nome ? `${nome}: ${mensagem}` : mensagem]
  })
  if (linhas.length === 0) return error
  const message = [error.message, ...linhas.filter((l) => l !== error.message)].join('\n')
  return new ApiError(error.status, error.title, message)
}

// ---------------------------------------------------------------------------------------------------------------------
// The form's rule (spec §5 "Checkout")

export interface EstadoFormulario {
  aceitou: boolean | undefined
  id_tipo_entrega: string | number | null | undefined
  telemovel: string | undefined
  /** The payment method chosen (MB WAY when absent): only MB WAY asks for the phone. */
  metodo?: string
}

/** What still keeps 'Finalizar' off, in the words the screen shows under it; empty when it may be pressed. */
export function emFaltaParaFinalizar(f: EstadoFormulario, total: number): string[] {
  const falta: string[] = []
  if (f.id_tipo_entrega !== 0 && f.id_tipo_entrega !== 1 && f.id_tipo_entrega !== '0' && f.id_tipo_entrega !== '1') {
    falta.push('escolha o tipo de entrega')
  }
  const mbway = f.metodo === undefined || f.metodo === 'mbway'
  if (total > 0 && mbway && !(f.telemovel ?? '').trim()) falta.push('indique o telemóvel MB WAY')
  if (f.aceitou !== true) falta.push('aceite as condições')
  return falta
}

/** 'Finalizar' is enabled only when the terms are accepted, a delivery type chosen and (total ≤ 0 or a phone given). */
export const podeFinalizar = (f: EstadoFormulario, total: number) => emFaltaParaFinalizar(f, total).length === 0

// ---------------------------------------------------------------------------------------------------------------------
// The checkout (spec §7 api-finaliza-encomenda) and its Idempotency-Key

/**
 * One checkout attempt: the body sent and its key, and whether it is still unanswered (the request left, no answer
 * came back: the order may or may not exist).
 */
export interface Tentativa {
  corpo: string
  chave: string
  semResposta: boolean
}

/**
 * The key of a submission: the previous attempt's when it is this same body sent again after it got no answer (the
 * server then answers the order it may already have made, never a second one); a new one otherwise, i.e. after any
 * answer, or once the cart or the form changed.
 */
export function tentativaPara(anterior: Tentativa | null, corpo: string, novaChave: () => string): Tentativa {
  if (anterior?.semResposta && anterior.corpo === corpo) return anterior
  return { corpo, chave: novaChave(), semResposta: true }
}

const TENTATIVA_KEY = 'balcao.finaliza-tentativa'

/** Kept for the tab (sessionStorage): a reload after a lost answer still sends the same key. */
function lerTentativa(): Tentativa | null {
  try {
    const t = JSON.parse(window.sessionStorage.getItem(TENTATIVA_KEY) ?? 'null') as Tentativa | null
    return t && typeof t.corpo === 'string' && typeof t.chave === 'string' ? t : null
  } catch {
    return null
  }
}

function gravarTentativa(t: Tentativa | null): void {
  try {
    if (t) window.sessionStorage.setItem(TENTATIVA_KEY, JSON.stringify(t))
    else window.sessionStorage.removeItem(TENTATIVA_KEY)
  } catch {
    // No storage (private mode): the key lives as long as this page, which covers a retry without reload.
  }
}

let tentativaAtual: Tentativa | null = null

/**
 * `POST /api/finaliza-encomenda` with one Idempotency-Key per checkout attempt (see `tentativaPara`): 201
 * `{orderData, privateData}`; field errors (telemovel, nome, email, nif, aceitou, cart.N) and refusals as ApiError.
 */
export async function finalizar(body: FinalizaEncomendaInput): Promise<FinalizaResposta> {
  const corpo = JSON.stringify(body)
  tentativaAtual = tentativaPara(tentativaAtual ?? lerTentativa(), corpo, () => crypto.randomUUID())
  gravarTentativa(tentativaAtual)
  const resultado = await customerApi.send<FinalizaResposta>('POST', '/api/finaliza-encomenda', {
    body,
    headers: { 'Idempotency-Key': tentativaAtual.chave },
    // Not the app's answer (a proxy's timeout page…): the order may exist; the same key finds it.
    unexpected: SUBMETER_FALHOU,
  })
  if (resultado.answered) {
    // Answered: this attempt is over, whatever the answer; the next submission is another attempt.
    tentativaAtual = null
    gravarTentativa(null)
  }
  if ('data' in resultado) return resultado.data
  throw resultado.error
}

// ---------------------------------------------------------------------------------------------------------------------
