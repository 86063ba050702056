import { type ReactNode, useId } from 'react'
import { Link } from 'react-router'
import type { Transacao } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import { href, paths } from '../../../shared/routes.ts'
import { descricaoDe, movimentosDePremios, movimentosDeSaldo, pontosComSinal } from './formatos.ts'

interface TransacoesTabelaProps {
  transacoes: Transacao[]
  /** The id of the heading that names the table. */
  labelledBy: string
  /** The account may leave opinions (ve_rating): purchases without one get 'Deixe a sua opinião'. */
  opinioes?: boolean
  /** What a row shows of its fiscal documents, under the shop (the full list's: TransacoesPage.tsx). */
  documentos?: (t: Transacao) => ReactNode
}

/**
 * The customer's movements (spec §2 "Transactions"): per row the date and time, the shop, the balance added ('+') and
 * removed ('-') and the points earned; a refund reads 'Devolução'; where the list says so (all the transactions), the
 * invoice (and credit note) its store's POS issued, folded under the shop. A table: a screen reader hears each value with its
 * column. An adjustment from the back-office reads 'Ajuste' with its reason; an expiry (decision 0058) 'Expiração', the
 * credit and points it took shown as removed; a purchase names the promotions that added
 * to it ('Dobro de pontos: +20 pontos'). On a phone the date goes under the shop, which takes the room; the numbers keep to the right.
 */
export function TransacoesTabela({ transacoes, labelledBy, opinioes = false, documentos }: TransacoesTabelaProps) {
  return (
    <table className="transacoes" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col" className="transacoes-col-data">
            Data
          </th>
          <th scope="col">Loja</th>
          <th scope="col" className="transacoes-num">
            Saldo
          </th>
          <th scope="col" className="transacoes-num">
            Pontos
          </th>
        </tr>
      </thead>
      <tbody>
        {transacoes.map((t) => (
          <Linha key={t.id} t={t} opinioes={opinioes} documentos={documentos} />
        ))}
      </tbody>
    </table>
  )
}

function Linha({
  t,
  opinioes,
  documentos,
}: {
  t: Transacao
  opinioes: boolean
  documentos: TransacoesTabelaProps['documentos']
}) {
  const descricaoId = useId()
  const devolucao = t.tipo === 'devolucao'
  const saldo = movimentosDeSaldo(t)
  const premios = movimentosDePremios(t)
  // An opinion is about a visit: purchases only, once each.
  const podeOpinar = opinioes && t.tipo === 'compra' && t.id_opiniao === null
  // Only a sale has fiscal documents: an adjustment or an expiry is the programme's own.
  const venda = t.tipo === 'compra' || t.tipo === 'devolucao'
  return (
    <tr className={devolucao ? 'transacao transacao-devolucao' : 'transacao'}>
      <td className="transacoes-col-data transacao-data">
        <span>{t.data}</span> <span className="muted">{t.hora}</span>
      </td>
      <td className="transacao-loja">
        <span id={descricaoId}>
          <span className="transacao-loja-nome">{t.loja}</span>
          <span className={devolucao ? 'transacao-tipo transacao-tipo-devolucao' : 'transacao-tipo'}>
            {descricaoDe(t)}
          </span>
          {t.promocoes.map((p) => (
            <span key={p.id} className="transacao-tipo transacao-promocao">
              {`${p.nome}: ${[p.pontos > 0 ? pontosComSinal(p.pontos) : '', p.credito > 0 ? `+${formatMoney(p.credito)}` : ''].filter(Boolean).join(' e ')}`}
            </span>
          ))}
          {/* On a phone the date column gives its room to the shop and the date shows here (one or the other). */}
          <span className="transacao-quando">{`${t.data} ${t.hora}`}</span>
        </span>
        {venda && documentos?.(t)}
        {podeOpinar && (
          <Link
            className="transacao-opiniao"
            to={href(paths.opiniaoTransacao, { id_transacao: t.id })}
            aria-describedby={descricaoId}
          >
            Deixe a sua opinião
          </Link>
        )}
      </td>
      <td className="transacoes-num">
        {saldo.length === 0 ? (
          <span className="muted">{formatMoney(0)}</span>
        ) : (
          saldo.map((m) => (
            <span key={m.campo} className={m.sinal === '+' ? 'valor-mais' : 'valor-menos'}>
              {m.texto}
            </span>
          ))
        )}
      </td>
      <td className="transacoes-num">
        <span className={t.pontos_ganhos > 0 ? 'valor-mais' : t.pontos_ganhos < 0 ? 'valor-menos' : 'muted'}>
          {pontosComSinal(t.pontos_ganhos)}
        </span>
        {premios.map((m) => (
          <span key={m.campo} className={m.sinal === '+' ? 'valor-mais' : 'valor-menos'}>
            {m.texto}
          </span>
        ))}
      </td>
    </tr>
  )
}
