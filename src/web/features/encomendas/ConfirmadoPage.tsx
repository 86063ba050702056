import { lazy, Suspense, useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ESTADO, estadoTexto, TIPOS_ENTREGA } from '../../../shared/estado-pedido.ts'
import { formatDateTime, prontoAs } from '../../../shared/format.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { paths } from '../../../shared/routes.ts'
import { isNotFound } from '../../lib/api.ts'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { useEncerrarCarrinho } from './encomenda-feita.ts'
import { marcarProntaVista } from './pronta-vista.ts'
import { MEIA_DOSE, ResumoEncomenda } from './ResumoEncomenda.tsx'
import { entrarPara, idDaEncomenda, useEncomenda } from './use-encomenda.ts'
import './checkout.css'
import './ementa.css'
import { Redirect } from '../../ui/Redirect.tsx'

/**
 * The offer of notifications comes after the order's state, which is what the screen is for: loaded once the screen
 * shows, not in its first load (docs/decisions/0010-first-load-budget.md).
 */
const AtivarNotificacoes = lazy(() =>
  import('../../ui/AtivarNotificacoes.tsx').then((m) => ({ default: m.AtivarNotificacoes })),
)

/** The invoice, once the store's POS sends it: most orders are followed before it comes, so loaded when it does. */
const DocumentosFiscais = lazy(() =>
  import('../../ui/DocumentosFiscais.tsx').then((m) => ({ default: m.DocumentosFiscais })),
)

/** Why an order was cancelled and what it gives back: seldom read, so not in the screen's first load. */
const EncomendaCancelada = lazy(() =>
  import('./EncomendaCancelada.tsx').then((m) => ({ default: m.EncomendaCancelada })),
)

/** The points (and a guest's 'Guardar os pontos desta compra'), once the order's state shows. */
const PontosEncomenda = lazy(() => import('./PontosEncomenda.tsx').then((m) => ({ default: m.PontosEncomenda })))

/** The steps an order goes through once paid (spec §4), as the screen draws them. */
const PASSOS = [
  { estado: ESTADO.recebido, nome: 'Recebido' },
  { estado: ESTADO.emPreparacao, nome: 'Em preparação' },
  { estado: ESTADO.pronto, nome: 'Pronto' },
  { estado: ESTADO.entregue, nome: 'Entregue' },
] as const

/**
 * Spec §2 "Confirmation (step 2)" (`/carrinho/confirmado?encomenda={id}`): the order number, its state as the store
 * moves it (live, through the event stream), points gained and points/threshold. The cart that became this order is
 * cleared as soon as the order is paid (see useEncerrarCarrinho), so ordering again starts empty.
 */
export function ConfirmadoPage() {
  useHeader('Encomenda')
  const [params] = useSearchParams()
  const id = idDaEncomenda(params.get('encomenda'))
  const encomenda = useEncomenda(id)
  useEncerrarCarrinho(encomenda.data)

  if (id === null) return <Redirect to={paths.catalogo} />
  if (encomenda.isPending) return <Loading />
  if (encomenda.isError) {
    if (isNotFound(encomenda.error)) return <Redirect to={paths.catalogo} />
    const entrar = entrarPara(encomenda.error, `${paths.finalizarPasso2}?encomenda=${id}`)
    if (entrar) return <Redirect {...entrar} />
    return <ErrorState error={encomenda.error} onRetry={() => void encomenda.refetch()} />
  }
  const o = encomenda.data
  if (o.status === ESTADO.pagamento && !o.pago) {
    return <Redirect to={`${paths.finalizarPassoPagamento}?encomenda=${o.orderId}`} />
  }
  return <Confirmado o={o} />
}

function Confirmado({ o }: { o: EncomendaCliente }) {
  // Seen ready here: the catalogue's bar need not say it again.
  const pronta = o.status === ESTADO.pronto
  useEffect(() => {
    if (pronta) marcarProntaVista(o.orderId)
  }, [pronta, o.orderId])
  const cancelado = o.status === ESTADO.cancelado
  const atual = PASSOS.findIndex((p) => p.estado === o.status)
  return (
    <main className="page chk-page" id="conteudo">
      <h1>Pedido n.º {o.codigo}</h1>
      <section className="chk-painel chk-estado-painel" aria-labelledby="chk-estado-titulo">
        <h2 id="chk-estado-titulo" className="visually-hidden">
          Estado do pedido
        </h2>
        <p className={cancelado ? 'chk-estado chk-estado-cancelado' : 'chk-estado'} role="status">
          {estadoTexto(o.status, o.pago, o.minutos, prontoAs(o))}
        </p>
        {cancelado ? (
          <Suspense fallback={null}>
            <EncomendaCancelada o={o} />
          </Suspense>
        ) : (
          <ol className="chk-passos">
            {PASSOS.map((p, i) => (
              <li
                key={p.estado}
                className={i < atual ? 'chk-passo-feito' : i === atual ? 'chk-passo-atual' : undefined}
                aria-current={i === atual ? 'step' : undefined}
              >
                <span className="chk-passo-marca" aria-hidden="true">
                  {/* The last step, reached, is done: nothing comes after it. */}
                  {i < atual || (i === atual && p.estado === ESTADO.entregue) ? '✓' : i + 1}
                </span>
                {p.nome}
              </li>
            ))}
          </ol>
        )}
      </section>

      {/* A cancelled order earned nothing: what it had earned was taken back with it. */}
      {!cancelado && (
        <Suspense fallback={null}>
          <PontosEncomenda o={o} />
        </Suspense>
      )}

      <section className="chk-painel" aria-labelledby="chk-detalhe-titulo">
        <h2 id="chk-detalhe-titulo">Detalhes</h2>
        <dl className="chk-totais">
          <div>
            <dt>Loja</dt>
            <dd>{o.loja}</dd>
          </div>
          <div>
            <dt>Tipo de entrega</dt>
            <dd>{TIPOS_ENTREGA[o.id_tipo_entrega]}</dd>
          </div>
          <div>
            <dt>Data</dt>
            <dd>{formatDateTime(o.criada_em, o.fuso)}</dd>
          </div>
        </dl>
        <ResumoEncomenda
          linhas={o.linhas.map((l) => ({
            qtd: l.qtd,
            nome: l.produto,
            escolhas: [...l.complementos, ...l.opcoes],
            // An order's lines carry only `porcao`, not the menu's label ('Meia' for a toastie): from the order on
            // (this page, the board) a half portion reads 'Meia dose', the same everywhere; cart and checkout, which
            // have the catalogue, use the label.
            porcao: l.porcao === 'meia' ? MEIA_DOSE : null,
            observacoes: l.observacoes,
            total: l.total,
          }))}
          embalagens={o.embalagens}
          subtotal={o.total}
          desconto={o.desconto + o.desconto_premio}
          totalRotulo={o.valor_pago > 0 && o.pago ? `Pago com ${o.pago_com ?? 'MB WAY'}` : 'Total'}
          total={o.valor_pago}
        />
        {/* Balcão's confirmation is not the invoice: the store's certified POS issues that (CIVA art. 29). */}
        <p className="chk-nao-fatura">
          <strong>Não serve de fatura.</strong> A fatura é emitida pela loja e aparece aqui.
        </p>
      </section>

      {o.documentos.length > 0 && (
        <Suspense fallback={null}>
          <div className="chk-painel">
            <DocumentosFiscais documentos={o.documentos} />
          </div>
        </Suspense>
      )}

      {/* After an order the customer has a reason to want them: being told when it is ready. */}
      {/* A guest has no account to be told through: their screen follows the order. */}
      {!o.convidado &&
        (o.status === ESTADO.pagamento || o.status === ESTADO.recebido || o.status === ESTADO.emPreparacao) && (
          <Suspense fallback={null}>
            <AtivarNotificacoes motivo="Saiba no telemóvel quando o pedido estiver pronto, mesmo com a app fechada." />
          </Suspense>
        )}

      <p className="chk-aside">
        <Link to={paths.catalogo}>Voltar ao catálogo</Link>
        {!o.convidado && (
          <>
            {' · '}
            <Link to={paths.minhasEncomendas}>As minhas encomendas</Link>
          </>
        )}
      </p>
    </main>
  )
}
