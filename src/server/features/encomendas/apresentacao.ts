import type { DocumentoFiscal } from '../../../shared/documentos.ts'
import { ESTADO, type Estado, minutosPrometidos } from '../../../shared/estado-pedido.ts'
import { METODO_NA_FRASE, NOME_METODO } from '../../../shared/metodos-pagamento.ts'
import type {
  EncomendaCliente,
  EncomendaHoje,
  EncomendaLoja,
  PedidoEmbalagem,
  PedidoLinha,
} from '../../../shared/pedido.ts'
import { MINUTE } from '../../platform/clock.ts'
import type { PromocaoEmVigor } from '../fidelizacao/service.ts'
import type { Encomenda } from './encomendas-repository.ts'

/** An order's lines as stored; lines of orders made before half portions and notes were full portions, no note. */
export const linhasDe = (json: string): PedidoLinha[] =>
  (JSON.parse(json) as PedidoLinha[]).map((l) => ({
    ...l,
    porcao: l.porcao ?? 'dose',
    observacoes: l.observacoes ?? null,
  }))

/**
 * The products an order bought, by the menu's codes, for the promotions on a product (decision 0052): the cart's lines
 * with their quantities (an order placed before the cart kept them reads them from its priced lines, in the same order).
 */
export function produtosDe(p: {
  carrinho: string | null
  linhas: string
}): { cod_produto: string; quantidade: number }[] {
  if (p.carrinho === null) return []
  const linhas = linhasDe(p.linhas)
  return (JSON.parse(p.carrinho) as { id: string; qtd?: number }[]).map((l, i) => ({
    cod_produto: l.id,
    quantidade: l.qtd ?? linhas[i]?.qtd ?? 1,
  }))
}

/**
 * What an order's purchase earns under (decision 0052): the promotions kept when it was placed (read again at that
 * instant for an order placed before they were kept), and what it bought.
 */
export const promocoesDe = (p: {
  carrinho: string | null
  linhas: string
  criada_em: string
  promocoes: string | null
}) => ({
  instante: p.criada_em,
  produtos: produtosDe(p),
  promocoes: p.promocoes === null ? undefined : (JSON.parse(p.promocoes) as PromocaoEmVigor[]),
})

/** The cart an order was placed with, by the menu's codes (null: placed before they were kept). */
export const carrinhoDe = (json: string | null): { id: string; complementares: string[]; opcoes: string[] }[] | null =>
  json === null
    ? null
    : (JSON.parse(json) as { id: string; complementares?: string[]; opcoes?: string[] }[]).map((l) => ({
        id: l.id,
        complementares: l.complementares ?? [],
        opcoes: l.opcoes ?? [],
      }))

/** An order's packaging contribution as stored (`[]` on orders made before it, and on those that pay none). */
const embalagensDe = (json: string): PedidoEmbalagem[] =>
  (JSON.parse(json) as PedidoEmbalagem[]).map(({ produto, qtd, valor }) => ({ produto, qtd, valor }))

/** Payment states in which the order is paid: by MB WAY, or wholly by the balance. */
const PAGAS = ['pago', 'sem-pagamento'] as const

/** The request an order waits for, as its customer pays it; null when it waits for none. */
function pagamentoDe(p: Encomenda): EncomendaCliente['pagamento'] {
  if (p.estado !== ESTADO.pagamento || p.pagamento_estado !== 'pendente' || !p.expira_em) return null
  const metodo = p.pagamento_metodo ?? 'mbway'
  const expira_em = p.expira_em
  if (metodo === 'mbway') return { metodo: 'MB WAY', telemovel: p.telemovel, pais: p.pais, expira_em }
  if (metodo === 'multibanco') {
    if (!p.mb_entidade || !p.mb_referencia) return null
    return { metodo: 'Multibanco', entidade: p.mb_entidade, referencia: p.mb_referencia, expira_em }
  }
  if (!p.pagamento_url) return null
  return { metodo: NOME_METODO[metodo] as 'Cartão' | 'Apple Pay' | 'Google Pay', url: p.pagamento_url, expira_em }
}

/** An order's store as its customer reads it: its name, and its time zone for the order's date. */
export interface LojaDoPedido {
  nome: string
  fuso: string
}

/**
 * An order as its customer sees it; `loja`, its store; `documentos`, what the POS issued for it (none on an
 * order just placed).
 */
export function paraCliente(p: Encomenda, loja: LojaDoPedido, documentos: DocumentoFiscal[] = []): EncomendaCliente {
  return {
    orderId: p.id,
    codigo: String(p.id),
    status: p.estado as Estado,
    pago: (PAGAS as readonly string[]).includes(p.pagamento_estado),
    pointsAdded: p.pontos_ganhos,
    id_loja: p.id_loja,
    loja: loja.nome,
    fuso: loja.fuso,
    id_tipo_entrega: p.id_tipo_entrega as 0 | 1,
    linhas: linhasDe(p.linhas),
    total: p.total,
    embalagens: embalagensDe(p.embalagens),
    recipiente_proprio: p.recipiente_proprio === 1,
    desconto: p.desconto,
    desconto_premio: p.desconto_premio,
    convidado: p.convidado_id !== null && p.compra_id === null,
    valor_pago: p.valor_pago,
    pago_com: p.pagamento_metodo && p.valor_pago > 0 ? METODO_NA_FRASE[p.pagamento_metodo] : null,
    pagamento: pagamentoDe(p),
    motivo: p.motivo,
    minutos: minutosPrometidos(p.minutos),
    levantar_em: p.levantar_em,
    mesa: p.mesa,
    criada_em: p.criada_em,
    documentos,
  }
}

/** An order in the board's 'Hoje' list: what staff read to find it. */
export const paraHoje = (
  p: Pick<Encomenda, 'id' | 'estado' | 'criada_em' | 'id_tipo_entrega' | 'nome' | 'total'>,
): EncomendaHoje => ({
  id: p.id,
  codigo: String(p.id),
  estado: p.estado as Estado,
  criada_em: p.criada_em,
  id_tipo_entrega: p.id_tipo_entrega as 0 | 1,
  nome: p.nome,
  total: p.total,
})

/** An order as the store's board sees it, with the fiscal documents its POS sent for it. */
export const paraLoja = (p: Encomenda, documentos: DocumentoFiscal[]): EncomendaLoja => ({
  // What the day's list shows of it, and the rest.
  ...paraHoje(p),
  telemovel: p.telemovel,
  nif: p.nif,
  linhas: linhasDe(p.linhas),
  desconto: p.desconto,
  desconto_premio: p.desconto_premio,
  valor_pago: p.valor_pago,
  levantar_em: p.levantar_em,
  preparar_em: p.levantar_em ? new Date(Date.parse(p.levantar_em) - p.minutos * MINUTE).toISOString() : null,
  mesa: p.mesa,
  documentos,
  verificar_idade: p.verificar_idade === 1,
  embalagens: embalagensDe(p.embalagens),
  recipiente_proprio: p.recipiente_proprio === 1,
})
