import { type ComponentType, lazy, type ReactNode, Suspense, useId } from 'react'
import { Link } from 'react-router'
import { ULTIMAS_TRANSACOES } from '../../../shared/constants.ts'
import type { Transacao } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import type { Conta } from '../../lib/cartao-guardado.tsx'
import { lazyPart } from '../../lib/lazy-part.ts'
import { useConfiguracao } from '../../lib/use-configuracao.ts'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { Later } from '../../ui/Later.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { NifSelector } from './NifSelector.tsx'
import { QrCodigo } from './QrCodigo.tsx'
import { useFreshPrivateData } from './use-fresh-private-data.ts'
import './fidelizacao.css'

/**
 * Below the fold on a phone, and loaded only by the loyalty screens: out of every screen's first load. The server's
 * render has it; the browser hydrates it once its chunk is in.
 */
const TransacoesTabela = lazy(() => import('./TransacoesTabela.tsx').then((m) => ({ default: m.TransacoesTabela })))
/**
 * A part of the card in a chunk of its own, out of every screen's first load, which has the card. When the page opened
 * is the card, asked for at once and waited for before hydrating, so that the server's render is hydrated with it in (a
 * part still on its way would be dropped and come back, moving what follows); elsewhere, when the card first renders.
 */
// biome-ignore lint/suspicious/noExplicitAny: React's own `lazy` takes any component type.
function parteDoCartao<C extends ComponentType<any>>(load: () => Promise<C>) {
  return typeof location !== 'undefined' && location.pathname === paths.fidelizacao
    ? lazyPart(load)
    : lazy(() => load().then((c) => ({ default: c })))
}
/** What the points lead to, what expires next (decision 0058), and the rewards held. */
const PremioCartao = parteDoCartao(() => import('./PremioCartao.tsx').then((m) => m.PremioCartao))
/** The stamp cards (decision 0057). */
const CarimbosCartao = parteDoCartao(() => import('./CarimbosCartao.tsx').then((m) => m.CarimbosCartao))
/** Only on a device with a wallet the server is set up for (decision 0047). */
const CarteiraBotoes = lazy(() => import('./CarteiraBotoes.tsx').then((m) => ({ default: m.CarteiraBotoes })))
/** Only when the network fails the screen: a chunk of its own, out of every first load (the service worker precaches it). */
const CartaoSemRede = lazy(() => import('../../lib/cartao-guardado.tsx').then((m) => ({ default: m.CartaoSemRede })))

/**
 * The loyalty screen (spec §2): the balance to spend and 'Já poupou', the QR with its text (opening the full-screen QR), the balances, the NIF
 * choice, 'Últimas Transações' (at most 4) with 'Ver Todas', and the campaigns. Without the network, what was read last
 * (in this page, else the card kept on the device) and when.
 */
export function FidelizacaoPage() {
  useHeader('Fidelização')
  const query = useFreshPrivateData()
  const { data } = query
  const user = data?.user.data
  if (user && !query.isError && !query.isPaused) return <Fidelizacao user={user} transacoes={data.transacoes} />
  // A guest: the guard is on its way to the login.
  if (data && !user) return <Loading />
  // No answer for want of a network (the guard's 'cartao'), or a refresh that failed or waits for one.
  return (
    <Suspense fallback={<Loading />}>
      <CartaoSemRede marcaClassName="fid-atualizado">
        {(conta, transacoes, marca) => <Fidelizacao user={conta} transacoes={transacoes} marca={marca} />}
      </CartaoSemRede>
    </Suspense>
  )
}

/**
 * The wallet button, when the server is set up for a wallet: which one this device has is the chunk's to say (out of
 * the first load, which every screen shares).
 */
function Carteira() {
  const disponiveis = useConfiguracao().data?.carteiras
  if (!disponiveis?.apple && !disponiveis?.google) return null
  return (
    <Suspense fallback={null}>
      <CarteiraBotoes disponiveis={disponiveis} />
    </Suspense>
  )
}

interface FidelizacaoProps {
  /** The whole account, or the part of it kept on the device (no NIF choice then). */
  user: Conta
  transacoes: Transacao[]
  /** When what is shown was read, if it may no longer be current. */
  marca?: ReactNode
}

function Fidelizacao({ user, transacoes, marca }: FidelizacaoProps) {
  const ids = { saldo: useId(), qr: useId(), ultimas: useId() }
  const percent = useConfiguracao().data?.creditoPercent
  const ultimas = transacoes.slice(0, ULTIMAS_TRANSACOES)
  // A card kept on the device by an older app has no reward's name: it then says only how many.
  const premio = user.premio ?? null
  const carimbos = user.carimbos ?? []
  return (
    <main className="page page-fid" id="conteudo">
      <h1 className="visually-hidden">Fidelização</h1>
      {marca}
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
            <Suspense fallback={null}>
              <PremioCartao
                user={user}
                premio={premio}
                percent={percent}
                aniversario={user.aniversario ?? null}
                expiracao={user.expiracao ?? null}
              />
            </Suspense>
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
            {/* The card kept on the device is not the account: adding it to a wallet needs the server anyway. */}
            {'nif1' in user && <Carteira />}
          </section>

          {/* After the code, which stays where the till's staff expect it. A card kept by an older app has none. */}
          {carimbos.length > 0 && (
            <Suspense fallback={null}>
              <CarimbosCartao carimbos={carimbos} />
            </Suspense>
          )}
        </div>

        {/* Below the fold on a phone. */}
        <Later>
          <div className="fid-col">
            {/* The card kept on the device has no NIFs: choosing one needs the server anyway. */}
            {'nif1' in user && <NifSelector user={user} />}

            <section className="fid-card fid-ultimas" aria-labelledby={ids.ultimas}>
              <h2 id={ids.ultimas}>Últimas Transações</h2>
              {ultimas.length === 0 ? (
                <EmptyState>Não existem transações</EmptyState>
              ) : (
                <>
                  <Suspense fallback={null}>
                    <TransacoesTabela transacoes={ultimas} labelledBy={ids.ultimas} />
                  </Suspense>
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
