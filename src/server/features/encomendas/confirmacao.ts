import { documentosMensagens } from '../../../shared/documentos-loja.ts'
import { TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { formatDateTime, formatMoney } from '../../../shared/format.ts'
import {
  type InformacaoConsumidor,
  LIVRO_RECLAMACOES,
  PORTAL_DO_CONSUMIDOR,
} from '../../../shared/informacao-consumidor.ts'
import type { PedidoLinha } from '../../../shared/pedido.ts'
import { formatarReferencia, pagarAte } from '../../../shared/prazo-pagamento.ts'
import { FUSO_REGIAO } from '../../../shared/regioes.ts'
import { paths } from '../../../shared/routes.ts'
import type { DatabaseTransaction } from '../../platform/db.ts'
import { comporEmail, type Email, emailEnviavel, enfileirarEmail } from '../../platform/email.ts'
import type { LojaEncomendas } from '../restaurantes/service.ts'
import { type Contexto, vendaDe } from './contexto.ts'
import type { Encomenda } from './encomendas-repository.ts'

/** The single-use packaging contribution of a take-away order, as the order keeps it (cents with VAT, per line). */
interface Embalagem {
  produto: string
  qtd: number
  valor: number
}

/** The order's packaging lines; anything unreadable (an order from before them) is none. */
function embalagensDe(json: string): Embalagem[] {
  try {
    const lista: unknown = JSON.parse(json)
    if (!Array.isArray(lista)) return []
    return lista.filter(
      (e): e is Embalagem =>
        typeof e === 'object' &&
        e !== null &&
        typeof e.produto === 'string' &&
        Number.isInteger(e.qtd) &&
        Number.isInteger(e.valor),
    )
  } catch {
    return []
  }
}

/** `2 × Galão, meia dose (Leite de aveia, Sem açúcar): 3,20 €`. */
function linhaDe(l: PedidoLinha): string {
  const escolhas = [...l.complementos, ...l.opcoes]
  const porcao = l.porcao === 'meia' ? ', meia dose' : ''
  const nota = l.observacoes ? ` — nota: ${l.observacoes}` : ''
  return `${l.qtd} × ${l.produto}${porcao}${escolhas.length > 0 ? ` (${escolhas.join(', ')})` : ''}: ${formatMoney(l.total)}${nota}`
}

/** An order's screen in the app, as a link from outside it (an e-mail, the provider's page): `caminho?encomenda=id`. */
export const ligacaoEncomenda = (appUrl: string, caminho: string, id: number) =>
  `${appUrl.replace(/\/$/, '')}${caminho}?encomenda=${id}`

/** `DD/MM/YYYY às HH:mm` in the store's own time zone (the Azores keep theirs). */
const quandoNaLoja = (iso: string, fuso: string) => formatDateTime(iso, fuso).replace(' ', ' às ')

/** What the confirmation names besides the order: its store (seller, address, zone) and the arbitration entity. */
export interface DadosConfirmacao {
  loja: LojaEncomendas | undefined
  ral: InformacaoConsumidor['ral'] | null
  /** The store has a kitchen printer: the order's ticket is queued with the rest (features/impressoras). */
  imprimir?: boolean
}

/**
 * Where a dispute can go (Lei 144/2015, art. 18.º, n.º 2: on a durable medium with the contract's confirmation), as the
 * legal information says it: the entity the group adhered to, or the one it names among those a consumer may turn to.
 */
function litigios(ral: InformacaoConsumidor['ral']): string {
  const entidade = `${ral.nome} (${ral.sitio})`
  return ral.aderiu
    ? `Em caso de litígio, pode recorrer à entidade de resolução alternativa de litígios de consumo a que a empresa aderiu: ${entidade}. As restantes estão no ${PORTAL_DO_CONSUMIDOR.nome} (${PORTAL_DO_CONSUMIDOR.url}).`
    : `Em caso de litígio, pode recorrer a uma entidade de resolução alternativa de litígios de consumo, como ${entidade}; todas estão no ${PORTAL_DO_CONSUMIDOR.nome} (${PORTAL_DO_CONSUMIDOR.url}).`
}

/**
 * The order's confirmation on a durable medium (DL 24/2014 art. 6: the contract's terms confirmed by e-mail once it is
 * concluded, here when it is paid): what was ordered, the packaging charged, the total with VAT,
 * who sells (the operating company and its NIPC), the store and the pick-up, the order's code; that it is not the
 * invoice (the POS issues that: CIVA art. 29) and that prepared food cannot be returned (art. 17(1)(c) and (d)).
 * docs/decisions/0038. Null when the order has no address the outbox can send to.
 */
export function emailConfirmacao(p: Encomenda, dados: DadosConfirmacao | undefined, appUrl: string): Email | null {
  const loja = dados?.loja
  const para = p.email.trim()
  if (!para || !emailEnviavel(para)) return null
  const nomeLoja = loja?.nome ?? `Loja ${p.id_loja}`
  const linhas = (JSON.parse(p.linhas) as PedidoLinha[]).map((l) =>
    linhaDe({ ...l, porcao: l.porcao ?? 'dose', observacoes: l.observacoes ?? null }),
  )
  const embalagens = embalagensDe(p.embalagens).map(
    (e) => `${e.qtd} × Contribuição sobre embalagem de utilização única (${e.produto}): ${formatMoney(e.valor)}`,
  )
  const totais = [
    `Total (IVA incluído): ${formatMoney(p.total)}`,
    ...(p.desconto_premio > 0 ? [`Prémio: ${formatMoney(p.desconto_premio)}`] : []),
    ...(p.desconto > 0 ? [`Saldo usado: ${formatMoney(p.desconto)}`] : []),
    `Pago: ${formatMoney(p.valor_pago)}`,
  ]
  // A store takes orders only with its seller named; one cleared since the checkout is left out, never guessed.
  const vendedor = loja?.vendedor ? [`Vendedor: ${loja.vendedor.empresa}, NIPC ${loja.vendedor.nipc}`] : []
  const morada = loja ? `${loja.morada.address}, ${loja.morada.postalCode} ${loja.morada.city}` : null
  const fuso = FUSO_REGIAO[loja?.regiao ?? 'continente']
  const levantamento = [
    `${TIPOS_ENTREGA[p.id_tipo_entrega as 0 | 1] ?? TIPOS_ENTREGA[0]}${p.mesa !== null ? `, mesa ${p.mesa}` : ''}`,
    `Levantamento: ${p.levantar_em ? quandoNaLoja(p.levantar_em, fuso) : 'o mais cedo possível'}`,
    ...(p.recipiente_proprio === 1 ? ['Trago o meu recipiente: sem contribuição sobre embalagens.'] : []),
  ]
  const url = ligacaoEncomenda(appUrl, paths.finalizarPasso2, p.id)
  return comporEmail(para, `Confirmação do pedido n.º ${p.id} - ${nomeLoja}`.replace(/[\r\n]+/g, ' '), [
    p.nome ? `Olá, ${p.nome}.` : 'Olá.',
    `Recebemos o pagamento do seu pedido n.º ${p.id}. Guarde este e-mail: é a confirmação da sua encomenda.`,
    { linhas: ['Pedido:', ...linhas, ...embalagens] },
    { linhas: totais },
    { linhas: [...vendedor, `Loja: ${nomeLoja}`, ...(morada ? [morada] : [])] },
    { linhas: levantamento },
    `${documentosMensagens.naoServeDeFatura}: a fatura é emitida pela loja e fica disponível na app, no seu pedido.`,
    'Por se tratar de refeições preparadas, o pedido não pode ser devolvido depois de feito (Decreto-Lei n.º 24/2014, art. 17.º).',
    { texto: 'Acompanhe o pedido na app', url },
    ...(dados?.ral ? [litigios(dados.ral)] : []),
    { texto: LIVRO_RECLAMACOES.nome, url: LIVRO_RECLAMACOES.url },
  ])
}

/**
 * A Multibanco order's reference on a durable medium, as the app shows it: entity, reference, amount and until when it
 * may be paid; the order goes to the kitchen once the payment arrives. Null when the order has no address to send to.
 */
export function emailReferencia(
  p: Encomenda,
  mb: { entidade: string; referencia: string; expiraEm: string },
  nomeLoja: string,
  appUrl: string,
): Email | null {
  const para = p.email.trim()
  if (!para || !emailEnviavel(para)) return null
  const url = ligacaoEncomenda(appUrl, paths.finalizarPassoPagamento, p.id)
  return comporEmail(para, `Referência Multibanco do pedido n.º ${p.id} - ${nomeLoja}`.replace(/[\r\n]+/g, ' '), [
    p.nome ? `Olá, ${p.nome}.` : 'Olá.',
    `Para concluir o seu pedido n.º ${p.id}, pague esta referência numa caixa Multibanco ou na app do seu banco:`,
    {
      linhas: [
        `Entidade: ${mb.entidade}`,
        `Referência: ${formatarReferencia(mb.referencia)}`,
        `Valor: ${formatMoney(p.valor_pago)}`,
        `Pagar até: ${pagarAte(mb.expiraEm)}`,
      ],
    },
    'O pedido segue para a cozinha assim que o pagamento for recebido. Se não for pago até lá, é cancelado e nada é cobrado.',
    { texto: 'Acompanhe o pedido na app', url },
  ])
}

/**
 * What an order owes once paid, written in the very transaction that makes it paid (so exactly once, whichever of the
 * callback, the reconciliation or the checkout gets there): its invoice, as a debt the POS must settle
 * (features/faturas), its confirmation e-mail, and its kitchen ticket where the store has a printer
 * (features/impressoras, which keeps one per order even if this ran twice). `loja`: read before the transaction (on
 * SQLite a transaction holds the one connection).
 */
export function createConfirmacao({ clock, faturas, lojas, consumidor, appUrl, impressao }: Contexto) {
  return {
    async lerConfirmacao(idLoja: number): Promise<DadosConfirmacao> {
      const [lista, informacao, imprimir] = await Promise.all([
        lojas.lojasEncomendas([idLoja]),
        consumidor.publica(),
        impressao ? impressao.temImpressora(idLoja) : false,
      ])
      return { loja: lista[0], ral: informacao.ral, imprimir }
    },

    async aoPagar(trx: DatabaseTransaction, p: Encomenda, dados: DadosConfirmacao | undefined): Promise<void> {
      await faturas.exigir(trx, vendaDe(p), 'venda', p.total)
      const email = emailConfirmacao(p, dados, appUrl)
      if (email) await enfileirarEmail(trx, email, clock)
      if (impressao && dados?.imprimir) await impressao.enfileirar(trx, { encomendaId: p.id, idLoja: p.id_loja })
    },
  }
}

export type Confirmacao = ReturnType<typeof createConfirmacao>
