import { ESTADO, type Estado } from '../../../shared/estado-pedido.ts'
import type { EncomendaCliente, EncomendaLoja, PedidoLinha } from '../../../shared/pedido.ts'
import type { Encomenda } from './encomendas-repository.ts'

/** Payment states in which the order is paid: by MB WAY, or wholly by the balance. */
const PAGAS = ['pago', 'sem-pagamento'] as const

/** An order as its customer sees it; `loja`, the store's name. */
export function paraCliente(p: Encomenda, loja: string): EncomendaCliente {
  return {
    orderId: p.id,
    codigo: String(p.id),
    status: p.estado as Estado,
    pago: (PAGAS as readonly string[]).includes(p.pagamento_estado),
    pointsAdded: p.pontos_ganhos,
    id_loja: p.id_loja,
    loja,
    id_tipo_entrega: p.id_tipo_entrega as 0 | 1,
    linhas: JSON.parse(p.linhas) as PedidoLinha[],
    total: p.total,
    desconto: p.desconto,
    valor_pago: p.valor_pago,
    pagamento:
      p.estado === ESTADO.pagamento && p.pagamento_estado === 'pendente' && p.expira_em
        ? { metodo: 'MB WAY', telemovel: p.telemovel, pais: p.pais, expira_em: p.expira_em }
        : null,
    motivo: p.motivo,
    criada_em: p.criada_em,
  }
}

/** An order as the store's board sees it. */
export const paraLoja = (p: Encomenda): EncomendaLoja => ({
  id: p.id,
  codigo: String(p.id),
  estado: p.estado as Estado,
  criada_em: p.criada_em,
  id_tipo_entrega: p.id_tipo_entrega as 0 | 1,
  nome: p.nome,
  telemovel: p.telemovel,
  nif: p.nif,
  linhas: JSON.parse(p.linhas) as PedidoLinha[],
  total: p.total,
  desconto: p.desconto,
  valor_pago: p.valor_pago,
})
