import { descontoDosPremios } from '../../../shared/desconto-premio.ts'
import type { LinhaCalculada, TransacaoCalculada, Vendedor } from '../../../shared/encomenda.ts'
import type { PedidoEmbalagem } from '../../../shared/pedido.ts'
import type { Premio } from '../../../shared/premios.ts'
import { type AniversarioCliente, aniversarioMensagens } from '../../../shared/premios-aniversario.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { HttpError } from '../../platform/errors.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import type { LojaEncomendas } from '../restaurantes/service.ts'

/** A priced cart: its lines, its packaging contribution, what the balance takes, and what the order must record. */
export interface Calculado {
  transaction: TransacaoCalculada
  lines: LinhaCalculada[]
  embalagens: PedidoEmbalagem[]
  minutos: number
  /** A line is sold to adults only: staff check the age at pick-up. */
  verificarIdade: boolean
  vendedor: Vendedor
  metodosPagamento: LojaEncomendas['metodosPagamento']
  /** What one of the customer's rewards takes off this cart, and why nothing (null: the customer holds none). */
  premio: PremioNoCarrinho | null
  /** The same of the birthday reward the customer may use today, with its last day (null: none). */
  aniversario: (PremioNoCarrinho & { valido_ate: string }) | null
}

export interface PremioNoCarrinho {
  nome: string
  imagem: string | null
  desconto: number
  aviso: string | null
}

export const premioEncomendaMensagens = {
  soNaLoja: (nome: string) => `O prémio «${nome}» só pode ser usado na loja.`,
  semProduto: (nome: string) => `Para usar o prémio «${nome}», junte-o ao carrinho.`,
  semPremios: 'Já não tem prémios para usar.',
} as const

/**
 * What one reward takes off an order (decision 0051): an amount, never more than the order; a product given, the price
 * of one of it as the cart has it (its line's, with what was added to it), the cheapest when several lines have it.
 * A product the menus do not name (`cod_produto` unset) or the cart does not hold takes nothing, and says why.
 */
export function descontoDoPremio(
  premio: Pick<Premio, 'nome' | 'tipo' | 'valor' | 'cod_produto'>,
  linhas: Pick<LinhaCalculada, 'id' | 'unitario'>[],
  total: number,
): { desconto: number; aviso: string | null } {
  if (premio.tipo === 'valor') return { desconto: descontoDosPremios(1, premio.valor, total), aviso: null }
  if (!premio.cod_produto) return { desconto: 0, aviso: premioEncomendaMensagens.soNaLoja(premio.nome) }
  const precos = linhas.filter((l) => l.id === premio.cod_produto).map((l) => l.unitario)
  if (precos.length === 0) return { desconto: 0, aviso: premioEncomendaMensagens.semProduto(premio.nome) }
  return { desconto: Math.min(...precos, total), aviso: null }
}

/** One reward per order: the points' or the birthday's (422 when both are asked for). */
function umSoPremio(resgatarPremio: boolean, usarAniversario: boolean): void {
  if (!(resgatarPremio && usarAniversario)) return
  const { outroPremio } = aniversarioMensagens
  throw new HttpError(422, outroPremio, 'Prémio', { usar_premio_aniversario: outroPremio })
}

/** One reward and what it would take off this cart (`descontoDoPremio`), for the calculation to show. */
const noCarrinho = (
  premio: Pick<Premio, 'nome' | 'tipo' | 'valor' | 'cod_produto' | 'imagem'>,
  linhas: Pick<LinhaCalculada, 'id' | 'unitario'>[],
  total: number,
) => ({
  ...descontoDoPremio(premio, linhas, total),
  nome: premio.nome,
  imagem: premio.imagem,
})

/**
 * The rewards a cart may use (the points' and the birthday's, each null when the customer holds none), what each takes
 * off it, and what the one asked for takes off (422 when both are asked for: one reward per order).
 */
export function premiosNoCarrinho(
  p: {
    premio: Premio | null
    aniversario: AniversarioCliente | null
    resgatarPremio: boolean
    usarAniversario: boolean
  },
  linhas: Pick<LinhaCalculada, 'id' | 'unitario'>[],
  total: number,
): Pick<Calculado, 'premio' | 'aniversario'> & { descontoPremio: number } {
  umSoPremio(p.resgatarPremio, p.usarAniversario)
  const premio = p.premio && noCarrinho(p.premio, linhas, total)
  const aniversario = p.aniversario && {
    ...noCarrinho(p.aniversario, linhas, total),
    valido_ate: p.aniversario.valido_ate,
  }
  const pedido = p.resgatarPremio ? premio : p.usarAniversario ? aniversario : null
  return { premio, aniversario, descontoPremio: pedido?.desconto ?? 0 }
}

/**
 * The reward an order's checkout uses, read under the customer's lock: the points' (`resgatar_premio`) or the
 * birthday's (`usar_premio_aniversario`), never both (422); null for none or a guest.
 */
export async function premioDoCheckout(
  ledger: Pick<FidelizacaoService['encomendas'], 'premios' | 'aniversarioAUsar'>,
  trx: DatabaseTransaction,
  utilizadorId: number | null,
  input: { resgatar_premio: 0 | 1; usar_premio_aniversario: 0 | 1 },
  linhas: Pick<LinhaCalculada, 'id' | 'unitario'>[],
  total: number,
): Promise<{ id: number; desconto: number } | null> {
  umSoPremio(input.resgatar_premio === 1, input.usar_premio_aniversario === 1)
  if (utilizadorId === null) return null
  if (input.usar_premio_aniversario === 1) return aniversarioDaEncomenda(ledger, trx, utilizadorId, linhas, total)
  if (input.resgatar_premio === 1) return premioDaEncomenda(ledger, trx, utilizadorId, linhas, total)
  return null
}

/**
 * The loyalty side of a calculation: the reward first (when the customer holds one and asks for it), then the balance
 * off what is left; `total_paid` is what the payment method charges.
 */
export function transacaoCalculada(
  total: number,
  saldo: number,
  usarSaldo: boolean,
  descontoPremio: number,
): TransacaoCalculada {
  const removivel = Math.max(0, Math.min(saldo, total - descontoPremio))
  const desconto = usarSaldo ? removivel : 0
  return {
    total_transaction: total,
    total_discount: desconto,
    premio_discount: descontoPremio,
    total_paid: total - descontoPremio - desconto,
    total_outstanding_removed: removivel,
    customer_outstanding: saldo,
  }
}

/**
 * What a reward an order asks for takes off this cart, checked: 422 saying why it takes nothing (a product not in the
 * cart, one given only at the counter; `semMensagem` otherwise); `campo` names the field.
 */
function descontoExigido(
  premio: Pick<Premio, 'id' | 'nome' | 'tipo' | 'valor' | 'cod_produto'>,
  campo: 'resgatar_premio' | 'usar_premio_aniversario',
  semMensagem: string,
  linhas: Pick<LinhaCalculada, 'id' | 'unitario'>[],
  total: number,
): { id: number; desconto: number } {
  const { desconto, aviso } = descontoDoPremio(premio, linhas, total)
  const motivo = aviso ?? semMensagem
  if (desconto <= 0) throw new HttpError(422, motivo, 'Prémio', { [campo]: motivo })
  return { id: premio.id, desconto }
}

/**
 * The reward an order redeems ('Usar prémio'), read in the checkout's transaction under the customer's lock: one the
 * customer still holds, taking something off this cart.
 */
export async function premioDaEncomenda(
  ledger: Pick<FidelizacaoService['encomendas'], 'premios'>,
  trx: DatabaseTransaction,
  utilizadorId: number,
  linhas: Pick<LinhaCalculada, 'id' | 'unitario'>[],
  total: number,
): Promise<{ id: number; desconto: number }> {
  const { itens, premio } = await ledger.premios(trx, utilizadorId)
  const { semPremios } = premioEncomendaMensagens
  if (itens < 1 || !premio) throw new HttpError(409, semPremios, 'Sem prémios', { resgatar_premio: semPremios })
  return descontoExigido(premio, 'resgatar_premio', semPremios, linhas, total)
}

/**
 * The birthday reward an order uses ('Usar o prémio de aniversário', decision 0053), read under the customer's lock:
 * the one usable today, taking something off this cart. What it returns names the definition; the checkout's hold
 * takes the customer's row of it.
 */
export async function aniversarioDaEncomenda(
  ledger: Pick<FidelizacaoService['encomendas'], 'aniversarioAUsar'>,
  trx: DatabaseTransaction,
  utilizadorId: number,
  linhas: Pick<LinhaCalculada, 'id' | 'unitario'>[],
  total: number,
): Promise<{ id: number; desconto: number }> {
  const aniversario = await ledger.aniversarioAUsar(trx, utilizadorId) // a 409 when there is none
  const { semAniversarioEncomenda } = aniversarioMensagens
  return descontoExigido(aniversario, 'usar_premio_aniversario', semAniversarioEncomenda, linhas, total)
}
