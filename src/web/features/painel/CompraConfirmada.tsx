import type { Ref } from 'react'
import { descricaoCarimbos, descricaoOfertas } from '../../../shared/carimbos-textos.ts'
import type { Cliente, TransacaoLoja } from '../../../shared/fidelizacao.ts'
import { formatMoney, pontosLabel } from '../../../shared/format.ts'
import { descricaoPremio } from '../../../shared/premios-textos.ts'
import { SEM_NOME } from './ClienteResumo.tsx'
import { textosDoMovimento } from './carimbos-textos.ts'

interface CompraConfirmadaProps {
  cliente: Cliente
  transacao: TransacaoLoja
  onNovaCompra: () => void
  headingRef?: Ref<HTMLHeadingElement>
}

/**
 * Step 3 at the till: what the purchase did (credit and points earned, the new balance, the stamp cards) and why, if
 * nothing.
 */
export function CompraConfirmada({ cliente, transacao: t, onNovaCompra, headingRef }: CompraConfirmadaProps) {
  return (
    <section className="painel-passo painel-cartao painel-confirmada" aria-labelledby="compra-registada">
      <h2 id="compra-registada" ref={headingRef} tabIndex={-1}>
        Compra registada
      </h2>
      <p className="painel-confirmada-cliente">
        {cliente.nome?.trim() || SEM_NOME} · documento {t.referencia} · {t.data} {t.hora}
      </p>
      <dl className="painel-numeros painel-numeros-destaque">
        <div>
          <dt>Crédito ganho</dt>
          <dd>{formatMoney(t.saldo_adicionado)}</dd>
        </div>
        <div>
          <dt>Pontos ganhos</dt>
          <dd>{pontosLabel(t.pontos_ganhos)}</dd>
        </div>
        <div>
          <dt>Novo saldo</dt>
          <dd>{formatMoney(t.saldo_actual)}</dd>
        </div>
      </dl>
      <dl className="painel-detalhe">
        <div>
          <dt>Total da conta</dt>
          <dd>{formatMoney(t.subtotal)}</dd>
        </div>
        {t.desconto > t.saldo_removido && (
          <div>
            <dt>Desconto do prémio</dt>
            <dd>{formatMoney(t.desconto - t.saldo_removido)}</dd>
          </div>
        )}
        <div>
          <dt>Saldo usado</dt>
          <dd>{formatMoney(t.saldo_removido)}</dd>
        </div>
        <div>
          <dt>Valor pago</dt>
          <dd>{formatMoney(t.valor_pago)}</dd>
        </div>
        <div>
          <dt>Pontos</dt>
          <dd>
            {t.pontos_actual} / {cliente.patamar}
          </dd>
        </div>
        {t.itens_adicionados > 0 && (
          <div>
            <dt>Prémios ganhos</dt>
            <dd>{t.itens_adicionados}</dd>
          </div>
        )}
        {t.itens_redimidos === 0 && t.premios[0] && (
          <div>
            <dt>Prémio de aniversário usado</dt>
            <dd>{descricaoPremio(t.premios[0])}</dd>
          </div>
        )}
        {t.itens_redimidos > 0 && (
          <div>
            <dt>Prémios usados</dt>
            <dd>{t.premios[0] ? `${t.itens_redimidos} × ${descricaoPremio(t.premios[0])}` : t.itens_redimidos}</dd>
          </div>
        )}
      </dl>
      {t.carimbos && t.carimbos.length > 0 && (
        <ul className="painel-carimbos-resultado" aria-label="Cartões de carimbos">
          {t.carimbos.map((m) => {
            const { ganhos, entregue } = textosDoMovimento(m)
            // The card's rule, from the identification: the card as it stands now, in the customer's words.
            const cartao = cliente.carimbos.find((c) => c.cartao_id === m.cartao_id)
            return (
              <li key={m.cartao_id}>
                {ganhos.length > 0 && <strong>{ganhos.join(' · ')}</strong>}
                {entregue && <p className="painel-premio">{entregue}</p>}
                {cartao && (
                  <p className="painel-carimbos-agora">
                    {descricaoCarimbos({ ...cartao, carimbos: m.carimbos })}
                    {m.ofertas > 0 && ` ${descricaoOfertas(m.ofertas)}`}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {/* Balcão's record of the purchase is not the invoice: the POS issues that (CIVA art. 29). */}
      <p className="painel-nao-fatura">Não serve de fatura: a fatura é a do programa de faturação.</p>
      {t.aviso && (
        <div className="painel-aviso" role="note">
          <p>{t.aviso}</p>
        </div>
      )}
      <button type="button" className="button painel-botao painel-botao-grande" onClick={onNovaCompra}>
        Nova compra
      </button>
    </section>
  )
}
