import { useId } from 'react'
import { Link } from 'react-router'
import { ULTIMAS_TRANSACOES } from '../../../shared/constants.ts'
import type { UserData } from '../../../shared/conta.ts'
import type { Transacao } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { useConfiguracao } from '../../lib/use-configuracao.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Later } from '../../ui/Later.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { formatPercent, pontosLabel, premiosLabel } from './formatos.ts'
import { NifSelector } from './NifSelector.tsx'
import { QrCodigo } from './QrCodigo.tsx'
import { TransacoesTabela } from './TransacoesTabela.tsx'
import { useFreshPrivateData } from './use-fresh-private-data.ts'
import './fidelizacao.css'

/**
 * The loyalty screen (spec §2): the balance to spend and 'Já poupou', the QR with its text (opening the full-screen QR), the balances, the NIF
 * choice, 'Últimas Transações' (at most 4) with 'Ver Todas', and the campaigns.
 */
export function FidelizacaoPage() {
  useHeader('Fidelização')
  const query = useFreshPrivateData()
  const user = query.data?.user.data
  // The guard lets only a logged-in account through; the data are there by then.
  if (!query.data || !user) return <Loading />
  return <Fidelizacao user={user} transacoes={query.data.transacoes} />
}

function Fidelizacao({ user, transacoes }: { user: UserData; transacoes: Transacao[] }) {
  const ids = { saldo: useId(), qr: useId(), ultimas: useId() }
  const percent = useConfiguracao().data?.creditoPercent
  const ultimas = transacoes.slice(0, ULTIMAS_TRANSACOES)
  return (
    <main className="page page-fid" id="conteudo">
      <h1 className="visually-hidden">Fidelização</h1>
      <div className="fid-grid">
        <div className="fid-col">
          <section className="fid-card fid-saldo" aria-labelledby={ids.saldo}>
            <h2 id={ids.saldo}>Saldo e pontos</h2>
            {/* What can be spent now leads; what was saved so far stands beside it (spec §2's 'Já poupou'). */}
            <dl className="fid-valores">
              <div className="fid-disponivel">
                <dt>Saldo disponível</dt>
                <dd>{formatMoney(user.saldo)}</dd>
              </div>
              <div className="fid-poupou">
                <dt>Já poupou</dt>
                <dd>{formatMoney(user.ja_poupou)}</dd>
              </div>
            </dl>
            <dl className="fid-numeros">
              <div>
                <dt>Pontos</dt>
                <dd>
                  {user.pontos}
                  <span className="muted">{` / ${user.patamar}`}</span>
                </dd>
              </div>
              {user.itens > 0 && (
                <div>
                  <dt>Prémios</dt>
                  <dd>{user.itens}</dd>
                </div>
              )}
            </dl>
            <progress
              className="fid-progresso"
              max={user.patamar}
              value={Math.min(user.pontos, user.patamar)}
              aria-label="Pontos para o próximo prémio"
            />
            <p className="muted fid-ajuda">
              {user.patamar > user.pontos
                ? `Faltam ${pontosLabel(user.patamar - user.pontos)} para o próximo prémio.`
                : 'Tem pontos para um prémio.'}
              {user.itens > 0 && ` Tem ${premiosLabel(user.itens)} para usar na loja.`}
              {percent !== undefined && ` Cada compra dá-lhe ${formatPercent(percent)} do valor em saldo.`}
            </p>
          </section>

          <section className="fid-card fid-qr" aria-labelledby={ids.qr}>
            <h2 id={ids.qr}>O seu código</h2>
            <p className="muted fid-ajuda">Mostre este código ao pagar, para juntar saldo e pontos.</p>
            <Link to={paths.qr} className="qr-link">
              <QrCodigo value={user.qrCode} label="Código QR de fidelização" />
              <span className="qr-link-texto">Ver em ecrã inteiro</span>
            </Link>
            <p className="qr-texto">
              <span className="visually-hidden">Código do cartão: </span>
              <code>{user.qrCode}</code>
            </p>
          </section>
        </div>

        {/* Below the fold on a phone. */}
        <Later>
          <div className="fid-col">
            <NifSelector user={user} />

            <section className="fid-card fid-ultimas" aria-labelledby={ids.ultimas}>
              <h2 id={ids.ultimas}>Últimas Transações</h2>
              {ultimas.length === 0 ? (
                <EmptyState>Não existem transações</EmptyState>
              ) : (
                <>
                  <TransacoesTabela transacoes={ultimas} labelledBy={ids.ultimas} />
                  <p className="fid-ver-todas">
                    <Link className="button button-secondary" to={paths.transacoes}>
                      Ver Todas
                    </Link>
                  </p>
                </>
              )}
            </section>

            <ul className="link-list">
              <li>
                <Link to={paths.catalogo}>Encomendar para levantar na loja</Link>
              </li>
              <li>
                <Link to={paths.campanhas}>Campanhas</Link>
              </li>
              <li>
                <Link to={paths.opiniao}>Dê a sua opinião sobre uma loja</Link>
              </li>
            </ul>
          </div>
        </Later>
      </div>
    </main>
  )
}
