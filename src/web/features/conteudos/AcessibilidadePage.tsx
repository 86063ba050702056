import { Link } from 'react-router'
import { paths } from '../../../shared/routes.ts'
import { useHeader } from '../../ui/header.tsx'
import { LigacaoExterna } from '../../ui/LigacaoExterna.tsx'
import { LivroReclamacoesLink } from '../../ui/LivroReclamacoesLink.tsx'
import { useInformacaoConsumidor } from './use-informacao-consumidor.ts'

/** When this statement was last reviewed: a new review of the service changes it, and the text below with it. */
const DATA_DECLARACAO = { iso: '2026-12-04', texto: '4 de dezembro de 2026' } as const

/** The market-surveillance authority for e-commerce services (DL 82/2022, art. 28.º, n.º 1, a)): decision 0039. */
const ANACOM = { nome: 'ANACOM – Autoridade Nacional de Comunicações', url: 'https://www.anacom.pt/' } as const

/**
 * `/acessibilidade`: the accessibility statement of the service (DL 82/2022, which transposes the European
 * Accessibility Act; its annex on services asks for a description of the service, how it works and how it meets the
 * requirements): the standard followed, the conformance status, what is known not to meet it and what to use instead,
 * how the service works with assistive technology, the date, a contact and the enforcement body. The text is the
 * page's own (it renders offline with the app's shell); only the contact address is read, as the back-office sets it.
 */
export function AcessibilidadePage() {
  useHeader('Acessibilidade')
  return (
    <main className="page page-detail" id="conteudo">
      <article className="rich-text declaracao">
        <h1>Declaração de acessibilidade</h1>
        <p>
          Esta declaração diz respeito ao Balcão, a aplicação do grupo (este sítio e a app instalável a partir dele),
          onde pode ver as novidades, os restaurantes, as lojas e os seus menus, acompanhar o saldo e os pontos do
          programa de fidelização e encomendar para levantar na loja, pagando com saldo ou MB WAY. Foi feita nos termos
          do Decreto-Lei n.º 82/2022, de 6 de dezembro, que transpõe a Diretiva (UE) 2019/882 (Ato Europeu da
          Acessibilidade).
        </p>

        <h2>Norma seguida</h2>
        <p>
          O serviço é desenvolvido para cumprir as Diretrizes de Acessibilidade para Conteúdo Web (WCAG) 2.1, nível AA,
          que a norma europeia EN 301 549 adota para sítios e aplicações.
        </p>

        <h2>Estado de conformidade</h2>
        <p>
          <strong>Parcialmente conforme.</strong> A maior parte do serviço cumpre as WCAG 2.1 AA; as partes indicadas
          abaixo ainda não, ou dependem de serviços de terceiros.
        </p>

        <h2>O que ainda não cumpre, e a alternativa</h2>
        <ul>
          <li>
            <strong>Mapa da loja.</strong> O mapa é uma janela do OpenStreetMap, de terceiros, que não se usa bem com
            teclado nem com leitor de ecrã. A morada está sempre escrita na página, e «Abrir no mapa» e «Abrir na app de
            mapas» levam ao mesmo local no mapa ou na app que preferir.
          </li>
          <li>
            <strong>Menus das lojas.</strong> Os menus mostrados na página de cada loja são imagens das cartas: o seu
            texto não chega a um leitor de ecrã. Nas lojas que aceitam encomendas, o catálogo mostra cada produto, o
            preço e os alergénios em texto; nas restantes, pode pedir a carta pelo telefone da loja.
          </li>
          <li>
            <strong>Faturas em PDF.</strong> Os PDF das faturas são criados pelo sistema de faturação da loja e podem
            não estar preparados para leitores de ecrã. Na encomenda e em cada transação, a app mostra em texto o número
            e o ATCUD da fatura.
          </li>
          <li>
            <strong>Pagamento MB WAY.</strong> O pagamento é confirmado na app MB WAY, de terceiros, dentro do prazo que
            esta impõe. Se o prazo terminar, nada é cobrado e o carrinho fica guardado para tentar de novo.
          </li>
          <li>
            <strong>Código QR na caixa.</strong> Para se identificar na caixa, mostre o código QR do cartão; se não o
            puder mostrar, diga o número de telemóvel, que a equipa escreve na caixa em vez de ler o código com a
            câmara. Se tiver a chave de segurança ativada, diga também o código de segurança, que a caixa pede a seguir.
          </li>
        </ul>

        <h2>Como funciona com tecnologias de apoio</h2>
        <ul>
          <li>
            Pode usar o serviço com leitor de ecrã (por exemplo, VoiceOver, TalkBack ou NVDA) e só com o teclado, com as
            exceções acima; cada página começa com a ligação «Saltar para o conteúdo».
          </li>
          <li>
            Os títulos, as listas e os formulários estão marcados para as tecnologias de apoio; num formulário com
            erros, cada erro aparece junto ao campo e o primeiro campo a corrigir recebe o foco.
          </li>
          <li>
            O texto pode ser ampliado até 200 % e o conteúdo adapta-se a ecrãs estreitos; se o seu sistema pedir menos
            movimento, as animações são reduzidas.
          </li>
          <li>
            O código SMS vale 10 minutos e pode pedir outro com «Reenviar código». O estado de cada encomenda
            atualiza-se sozinho e é anunciado no ecrã.
          </li>
          <li>Junto de cada número de telefone está o custo da chamada, em texto.</li>
        </ul>

        <h2>Como avaliámos</h2>
        <p>
          Autoavaliação feita pela equipa que desenvolve o serviço. Os testes automáticos do serviço verificam, com as
          regras das WCAG 2.1 A e AA do axe-core, cada ecrã para clientes, do painel das lojas e do back-office, em
          tamanho de telemóvel e de computador.
        </p>
        <p>
          Data desta declaração: <time dateTime={DATA_DECLARACAO.iso}>{DATA_DECLARACAO.texto}</time>.
        </p>

        <h2>Contacto</h2>
        <Contacto />

        <h2>Fiscalização e queixas</h2>
        <p>
          A fiscalização dos requisitos de acessibilidade dos serviços de comércio eletrónico compete à{' '}
          <LigacaoExterna href={ANACOM.url}>{ANACOM.nome}</LigacaoExterna> (Decreto-Lei n.º 82/2022, artigo 28.º), a
          quem pode apresentar queixa se a sua reclamação não tiver resposta ou solução (artigo 34.º). Pode também usar
          o <LivroReclamacoesLink />.
        </p>
        <p>
          Veja ainda a <Link to={paths.informacaoLegal}>informação legal</Link>.
        </p>
      </article>
    </main>
  )
}

/** The address for feedback, as the back-office sets it; offline and never read before, where to find it later. */
function Contacto() {
  const { data, isPending, isError, refetch } = useInformacaoConsumidor()
  const pedido = 'Se encontrar uma barreira no serviço ou precisar desta informação noutro formato, escreva-nos'
  if (isPending) return <p role="status">A carregar o contacto…</p>
  if (isError) {
    return (
      <p>
        {pedido}. Não foi possível obter o endereço agora.{' '}
        <button type="button" className="link-button" onClick={() => void refetch()}>
          Tentar novamente
        </button>
      </p>
    )
  }
  const { email } = data.acessibilidade
  return (
    <p>
      {pedido} para <a href={`mailto:${email}`}>{email}</a>, indicando a página e o que não conseguiu fazer.
    </p>
  )
}
