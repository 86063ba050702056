import { paths } from '../../../shared/routes.ts'
import { usePrivateData } from '../../lib/private-data.ts'
import { ModalLink, RouteModal } from '../../ui/modal-route.tsx'
import './rgpd.css'

/** The GDPR hub (spec §2, modal): be forgotten, take one's data, the communication consent with its current state. */
export function RgpdPage() {
  const ativo = usePrivateData().data?.user.data?.comunicacao === true
  return (
    <RouteModal title="Gerir RGPD">
      <p className="rgpd-intro">
        Os seus direitos sobre os dados pessoais que o grupo guarda, ao abrigo do Regulamento Geral sobre a Proteção de
        Dados.
      </p>
      <ul className="link-list rgpd-opcoes">
        <li>
          <ModalLink to={paths.rgpdEsquecimento}>Quero ser esquecido</ModalLink>
        </li>
        <li>
          <ModalLink to={paths.rgpdPortabilidade}>Quero transferir os meus dados</ModalLink>
        </li>
        <li>
          <ModalLink to={paths.rgpdComunicacao}>
            Consentimento de comunicações
            <span className="link-list-meta rgpd-estado">{ativo ? 'Ativo' : 'Inativo'}</span>
          </ModalLink>
        </li>
      </ul>
    </RouteModal>
  )
}

// The hub's three modals are in the same chunk: one small download for the four, and one route entry less each in
// every screen's first load (the route table is in the entry: docs/decisions/0010-first-load-budget.md).
export { RgpdComunicacaoPage } from './Comunicacao.tsx'
export { RgpdEsquecimentoPage, RgpdPortabilidadePage } from './Pedidos.tsx'
