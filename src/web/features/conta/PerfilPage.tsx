import { Link } from 'react-router'
import type { UserData } from '../../../shared/conta.ts'
import { formatMoney, formatTelemovel } from '../../../shared/format.ts'
import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { useAgruparTelemovel } from '../../lib/telemovel.ts'
import { AtivarNotificacoes } from '../../ui/AtivarNotificacoes.tsx'
import { ErrorState } from '../../ui/ErrorState.tsx'
import { useHeader } from '../../ui/header.tsx'
import { LivroReclamacoesLink } from '../../ui/LivroReclamacoesLink.tsx'
import { Loading } from '../../ui/Loading.tsx'
import { ModalLink } from '../../ui/modal-route.tsx'

/**
 * The account hub (spec §2): greeting, 'Já poupou' and the account's links; logged out, a way in. Both carry the
 * complaints book and the accessibility statement, the phone's way to them (its footer is the computer's).
 */
export function PerfilPage() {
  useHeader('Conta')
  const query = usePrivateData()
  if (query.isPending) return <Loading />
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />
  const user = query.data.user.data
  return query.data.user.loggedIn && user ? <Perfil user={user} /> : <Convidado />
}

function Perfil({ user }: { user: UserData }) {
  const agrupar = useAgruparTelemovel(user.pais)
  return (
    <main className="page" id="conteudo">
      <section className="perfil-resumo" aria-labelledby="perfil-ola">
        <h1 id="perfil-ola">{user.nome ? `Olá, ${user.nome}` : 'Olá!'}</h1>
        <p className="muted">{formatTelemovel(user.pais, user.telemovel, agrupar)}</p>
        <p className="perfil-poupou">
          Já poupou <strong>{formatMoney(user.ja_poupou)}</strong>
        </p>
      </section>

      <h2 className="section-title">A minha conta</h2>
      <ul className="link-list">
        <li>
          <Link to={paths.alterarDadosPessoais}>Dados pessoais</Link>
        </li>
        <li>
          <ModalLink to={paths.alterarTelemovel}>Alterar telemóvel</ModalLink>
        </li>
        <li>
          <ModalLink to={paths.alterarPassword}>Alterar password</ModalLink>
        </li>
        <li>
          <Link to={paths.chaveSeguranca}>Chave de segurança</Link>
        </li>
      </ul>

      <h2 className="section-title">Fidelização</h2>
      <ul className="link-list">
        <li>
          <Link to={paths.fidelizacao}>Saldo, pontos e código QR</Link>
        </li>
        <li>
          <Link to={paths.minhasEncomendas}>As minhas encomendas</Link>
        </li>
        <li>
          <Link to={paths.transacoes}>Transações</Link>
        </li>
        <li>
          <Link to={paths.opiniao}>Deixe a sua opinião</Link>
        </li>
      </ul>

      <h2 className="section-title">Ajuda e privacidade</h2>
      <ul className="link-list">
        <LivroReclamacoesLinha />
        <li>
          <Link to={paths.perguntasFrequentes}>Perguntas frequentes</Link>
        </li>
        <li>
          <ModalLink to={paths.rgpd}>Gerir RGPD</ModalLink>
        </li>
        <li>
          <Link to={paths.informacaoLegal}>Informação legal</Link>
        </li>
        <li>
          <Link to={paths.acessibilidade}>Acessibilidade</Link>
        </li>
        <li>
          <Link to={paths.cancelarConta}>Cancelar conta</Link>
        </li>
      </ul>

      <AtivarNotificacoes motivo="Receba no telemóvel o aviso de que o pedido está pronto e o saldo que ganhou, mesmo com a app fechada." />

      <p className="actions">
        <Link className="button button-secondary" to={paths.logout}>
          Terminar sessão
        </Link>
      </p>
    </main>
  )
}

function Convidado() {
  return (
    <main className="page" id="conteudo">
      <section className="perfil-resumo">
        <h1>Conta</h1>
        <p>Inicie sessão para acompanhar o seu saldo e as suas transações e gerir a sua conta.</p>
        <p className="actions">
          <ModalLink className="button" to={paths.login}>
            Iniciar sessão
          </ModalLink>
          <ModalLink className="button button-secondary" to={paths.signup}>
            Criar conta
          </ModalLink>
        </p>
      </section>
      <h2 className="section-title">Descubra</h2>
      <ul className="link-list">
        <li>
          <Link to={paths.campanhas}>Campanhas</Link>
        </li>
      </ul>
      <h2 className="section-title">Ajuda</h2>
      <ul className="link-list">
        <LivroReclamacoesLinha />
        <li>
          <Link to={paths.perguntasFrequentes}>Perguntas frequentes</Link>
        </li>
        <li>
          <Link to={paths.informacaoLegal}>Informação legal</Link>
        </li>
        <li>
          <Link to={paths.acessibilidade}>Acessibilidade</Link>
        </li>
      </ul>
    </main>
  )
}

/**
 * The complaints book's platform, «visível e destacada» (DL 156/2005, art. 5.º-B) where a phone finds it: the first
 * row of the help links, in bold (decision 0039).
 */
function LivroReclamacoesLinha() {
  return (
    <li>
      <LivroReclamacoesLink className="livro-reclamacoes" />
    </li>
  )
}
