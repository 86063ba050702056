import { Suspense } from 'react'
import { Link, useParams } from 'react-router'
import type { Transacao } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { lazyPart } from '../../lib/lazy-part.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { QueryView } from '../../lib/query.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { descricaoDe, tipoDe } from './formatos.ts'
import { useLojas } from './use-lojas.ts'
import { useTransacao } from './use-transacao.ts'
import './fidelizacao.css'
import { Redirect } from '../../ui/Redirect.tsx'

/**
 * The form, with react-hook-form and the form kit, in a chunk of its own: with them the screen's first load would be
 * over its budget (docs/decisions/0010-first-load-budget.md). The screen opens on the placeholder of the shops or the
 * transaction, which the server must answer before the form shows anyway; the form's code downloads in that time.
 */
const OpiniaoForm = lazyPart(() => import('./OpiniaoForm.tsx').then((m) => m.OpiniaoForm))

const TITULO = 'Deixe a sua opinião'

/** Spec §2 opinion about a shop: the shop from the list, three ratings, the comment. */
export function OpiniaoPage() {
  useHeader(TITULO, paths.perfil)
  const lojas = useLojas()
  return (
    <QueryView query={lojas}>
      {(l) => (
        <Suspense fallback={<Loading />}>
          <main className="page" id="conteudo">
            <h1>{TITULO}</h1>
            <p className="form-intro">Conte-nos como correu a sua visita: a sua opinião ajuda-nos a melhorar.</p>
            <OpiniaoForm lojas={l} />
          </main>
        </Suspense>
      )}
    </QueryView>
  )
}

/** The largest id the database holds (32-bit integers): anything else in the path is no transaction. */
const ID_MAX = 2_147_483_647

function transacaoId(param: string): number | null {
  const id = /^[1-9]\d{0,9}$/.test(param) ? Number(param) : 0
  return id > 0 && id <= ID_MAX ? id : null
}

/** Spec §2 opinion about one of the customer's transactions: its shop, date and amount, fixed. Another's is 404. */
export function OpiniaoTransacaoPage() {
  useHeader(TITULO, paths.transacoes)
  const { id_transacao = '' } = useParams()
  const id = transacaoId(id_transacao)
  const query = useTransacao(id)
  const user = usePrivateData().data?.user.data
  if (id === null) return <Redirect to={paths.notfound} />
  if (!user) return <Loading />
  return (
    <QueryView query={query} notFoundTo={paths.notfound}>
      {(transacao) => (
        <Suspense fallback={<Loading />}>
          <main className="page" id="conteudo">
            <h1>{TITULO}</h1>
            <TransacaoResumo transacao={transacao} />
            {transacao.tipo === 'devolucao' ? (
              <Aviso>Uma devolução não recebe opinião: dê-a sobre a compra.</Aviso>
            ) : transacao.tipo !== 'compra' ? (
              // An adjustment or an expiry was no visit to a store.
              <Aviso>Só as compras recebem opinião.</Aviso>
            ) : transacao.id_opiniao !== null ? (
              <Aviso>Já deu a sua opinião sobre esta transação.</Aviso>
            ) : !user.ve_rating ? (
              <Aviso>As opiniões não estão disponíveis para esta conta.</Aviso>
            ) : (
              <OpiniaoForm transacao={transacao} />
            )}
          </main>
        </Suspense>
      )}
    </QueryView>
  )
}

function Aviso({ children }: { children: string }) {
  return (
    <>
      <p className="opiniao-aviso">{children}</p>
      <p className="actions">
        <Link className="button" to={paths.transacoes}>
          Voltar às transações
        </Link>
      </p>
    </>
  )
}

function TransacaoResumo({ transacao: t }: { transacao: Transacao }) {
  return (
    <dl className="opiniao-transacao">
      <div>
        <dt>Loja</dt>
        <dd>
          {t.loja}
          {t.restaurante && !t.loja.includes(t.restaurante) && <span className="muted">{` · ${t.restaurante}`}</span>}
        </dd>
      </div>
      <div>
        <dt>Data</dt>
        <dd>{`${t.data} ${t.hora}`}</dd>
      </div>
      <div>
        <dt>{tipoDe(t)}</dt>
        <dd>{t.tipo === 'compra' || t.tipo === 'devolucao' ? formatMoney(Math.abs(t.subtotal)) : descricaoDe(t)}</dd>
      </div>
    </dl>
  )
}
