import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { formatMoney } from '../../../shared/format.ts'
import type { EncomendaCliente } from '../../../shared/pedido.ts'
import { formatarReferencia, pagarAte } from '../../../shared/prazo-pagamento.ts'
import { paths } from '../../../shared/routes.ts'
import { apiPost } from '../../lib/api.ts'
import { encomendasKeys } from './keys.ts'

type Pagamento = NonNullable<EncomendaCliente['pagamento']>
type Multibanco = Extract<Pagamento, { metodo: 'Multibanco' }>
type NaPagina = Extract<Pagamento, { url: string }>

/**
 * 'Escolher outro método': the order waiting for this payment is given up (its balance back), and the checkout opens
 * again with the same cart. The server asks the provider first: a payment already made settles it as paid instead.
 */
function useDesistir(o: EncomendaCliente) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => apiPost<EncomendaCliente>(`/api/encomendas/${o.orderId}/desistir`, { value: true }),
    onSuccess: (atual) => {
      queryClient.setQueryData(encomendasKeys.encomenda(atual.orderId), atual)
      if (!atual.pago) navigate(paths.finalizarPasso1, { replace: true })
    },
  })
}

function OutroMetodo({ o }: { o: EncomendaCliente }) {
  const desistir = useDesistir(o)
  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        disabled={desistir.isPending}
        onClick={() => desistir.mutate()}
      >
        {desistir.isPending ? 'A cancelar…' : 'Escolher outro método'}
      </button>
      {desistir.isError && (
        <p className="field-error" role="alert">
          {desistir.error.message}
        </p>
      )}
    </>
  )
}

/**
 * A Multibanco order: 'A aguardar pagamento', with the entity, reference and amount to pay at an ATM or in a bank app
 * and until when (the same were e-mailed). The order goes to the kitchen once the provider confirms the payment; the
 * screen follows it live like any other. No other method is offered instead: the reference stays payable at any ATM
 * until it expires (it was e-mailed), and a payment the provider cannot refund must not follow an order given up.
 */
export function AguardarMultibanco({ o, mb }: { o: EncomendaCliente; mb: Multibanco }) {
  return (
    <main className="page chk-page" id="conteudo">
      <h1>A aguardar pagamento</h1>
      <section className="chk-painel chk-pagamento" aria-labelledby="chk-mb-titulo">
        <h2 id="chk-mb-titulo" className="visually-hidden">
          Referência Multibanco
        </h2>
        <dl className="chk-totais chk-multibanco">
          <div>
            <dt>Método de pagamento</dt>
            <dd>Multibanco</dd>
          </div>
          <div>
            <dt>Entidade</dt>
            <dd className="chk-digitos">{mb.entidade}</dd>
          </div>
          <div>
            <dt>Referência</dt>
            <dd className="chk-digitos">{formatarReferencia(mb.referencia)}</dd>
          </div>
          <div className="chk-total">
            <dt>Valor</dt>
            <dd>{formatMoney(o.valor_pago)}</dd>
          </div>
          <div>
            <dt>Pagar até</dt>
            <dd>{pagarAte(mb.expira_em)}</dd>
          </div>
        </dl>
        <p className="chk-nota">
          Pague numa caixa Multibanco ou na app do seu banco, em Pagamentos de serviços. A encomenda segue para a
          cozinha assim que o pagamento for recebido. Se não for paga até lá, é cancelada e nada é cobrado.
        </p>
        <p className="chk-nota">Enviámos estes dados para o seu email.</p>
      </section>
      <p className="chk-aside">
        Encomenda n.º {o.codigo} · {o.loja}
      </p>
    </main>
  )
}

/**
 * A card, Apple Pay or Google Pay order: paid on the provider's page. Back from it (`volta`), the screen waits for the
 * server, which asks the provider (the page's word is never taken); sent back with an error or a cancellation while the
 * request is still open, the person may go back to the page or choose another method.
 */
export function PagamentoNaPagina({
  o,
  pagina,
  volta,
}: {
  o: EncomendaCliente
  pagina: NaPagina
  volta: string | null
}) {
  const titulo = useRef<HTMLHeadingElement>(null)
  const naoConcluido = volta === 'erro' || volta === 'cancelado'
  useEffect(() => {
    if (naoConcluido) titulo.current?.focus()
  }, [naoConcluido])
  return (
    <main className="page chk-page" id="conteudo">
      <h1 ref={titulo} tabIndex={-1}>
        {naoConcluido
          ? 'Pagamento não concluído'
          : volta === 'sucesso'
            ? 'A confirmar o pagamento'
            : 'Pagamento em curso'}
      </h1>
      <section className="chk-painel chk-pagamento" aria-labelledby="chk-pagina-titulo">
        <h2 id="chk-pagina-titulo" className="visually-hidden">
          Pagamento
        </h2>
        <dl className="chk-totais">
          <div>
            <dt>Método de pagamento</dt>
            <dd>{pagina.metodo}</dd>
          </div>
          <div className="chk-total">
            <dt>Valor a pagar</dt>
            <dd>{formatMoney(o.valor_pago)}</dd>
          </div>
        </dl>
        <p className="chk-nota" role="status">
          {naoConcluido
            ? 'O pagamento não foi concluído. Pode tentar de novo ou escolher outro método.'
            : volta === 'sucesso'
              ? 'A confirmar o pagamento com o banco…'
              : `Conclua o pagamento na página segura de pagamento, até ${pagarAte(pagina.expira_em)}.`}
        </p>
        {volta === 'sucesso' && <span className="spinner chk-espera" aria-hidden="true" />}
      </section>
      <div className="form-actions">
        {volta !== 'sucesso' && (
          <a className="button" href={pagina.url}>
            {naoConcluido ? 'Tentar novamente' : 'Continuar para o pagamento'}
          </a>
        )}
        <OutroMetodo o={o} />
      </div>
      <p className="chk-aside">
        Encomenda n.º {o.codigo} · {o.loja}
      </p>
    </main>
  )
}
