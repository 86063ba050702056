import { descricaoCarimbos, descricaoOfertas } from '../../../shared/carimbos-textos.ts'
import type { Cliente } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import { aniversarioAte, descricaoPremio } from '../../../shared/premios-textos.ts'

export const SEM_NOME = 'Cliente sem nome'

export const AVISO_PROVISORIO =
  'Registo incompleto: a compra fica registada, mas o cliente só ganha saldo e pontos depois de completar o registo na app.'

const premios = (n: number) => (n === 1 ? '1 prémio' : `${n} prémios`)

/**
 * Who was identified: name (or 'Cliente sem nome'), balance, points towards the next reward, rewards to redeem, the
 * stamp cards with their offers, and the NIF the customer chose in the app for the invoice (the app promises it is the
 * one on their invoices).
 */
export function ClienteResumo({ cliente, onTrocar }: { cliente: Cliente; onTrocar: () => void }) {
  return (
    <section className="painel-cartao painel-cliente" aria-labelledby="cliente-nome">
      <div className="painel-cliente-topo">
        <h3 id="cliente-nome" className="painel-cliente-nome">
          <span className="visually-hidden">Cliente: </span>
          {cliente.nome?.trim() || SEM_NOME}
        </h3>
        <button type="button" className="button button-secondary painel-botao" onClick={onTrocar}>
          Trocar cliente
        </button>
      </div>
      <dl className="painel-numeros">
        <div>
          <dt>Saldo</dt>
          <dd>{formatMoney(cliente.saldo)}</dd>
        </div>
        <div>
          <dt>Pontos</dt>
          <dd>
            {cliente.pontos} / {cliente.patamar}
          </dd>
        </div>
        <div>
          <dt>Prémios</dt>
          <dd>
            {cliente.itens > 0
              ? `${premios(cliente.itens)} por usar${cliente.premios[0] ? `: ${descricaoPremio(cliente.premios[0])}` : ''}`
              : 'Nenhum'}
          </dd>
        </div>
        {/* The stamp cards, each in the customer's own words; the offers held stand out, to give with this purchase. */}
        {cliente.carimbos.map((c) => (
          <div key={c.cartao_id} className="painel-carimbos">
            <dt>Carimbos</dt>
            <dd>
              {descricaoCarimbos(c)}
              {c.ofertas > 0 && <strong className="painel-carimbos-ofertas">{descricaoOfertas(c.ofertas)}</strong>}
            </dd>
          </div>
        ))}
        {cliente.aniversario && (
          <div className="painel-aniversario">
            <dt>Aniversário</dt>
            <dd>{aniversarioAte(cliente.aniversario)}</dd>
          </div>
        )}
        <div className="painel-nif">
          <dt>NIF na fatura</dt>
          <dd>
            {cliente.nif ? (
              <>
                <span className="painel-nif-numero">{cliente.nif.numero}</span>
                {cliente.nif.nome && <span className="painel-nif-nome">{cliente.nif.nome}</span>}
              </>
            ) : (
              'Nenhum escolhido na app'
            )}
          </dd>
        </div>
      </dl>
      {cliente.temporario === 1 && (
        <div className="painel-aviso" role="note">
          <p>{AVISO_PROVISORIO}</p>
        </div>
      )}
    </section>
  )
}
