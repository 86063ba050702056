import type { FidelizacaoDados } from '../../../shared/fidelizacao.ts'
import { formatMoney } from '../../../shared/format.ts'
import type { Premio } from '../../../shared/premios.ts'
import type { AniversarioCliente } from '../../../shared/premios-aniversario.ts'
import { fraseAniversario, temPremios, usavelAoEncomendar } from '../../../shared/premios-textos.ts'
import type { Conta } from '../../lib/cartao-guardado.tsx'
import { Picture } from '../../ui/Picture.tsx'
import { formatPercent, fraseExpiracao, pontosLabel } from './formatos.ts'

interface PremioCartaoProps {
  user: Pick<Conta, 'pontos' | 'patamar' | 'itens'>
  /** What a reward gives (decision 0051); null while none is defined (or on a card kept by an older app). */
  premio: Premio | null
  /** The credit a purchase gives, when the settings are read. */
  percent: number | undefined
  /** The birthday reward usable today (decision 0053); null without one (or on a card kept by an older app). */
  aniversario: AniversarioCliente | null
  /** The credit and points that expire next, and when (decision 0058); null when none (or on a card kept by an older app). */
  expiracao: FidelizacaoDados['expiracao']
}

/**
 * The loyalty card's words on points and rewards: what is missing for the next reward and what it is, what a purchase
 * gives, what expires next and when, and the rewards held with their picture. A chunk of its own: the card is in every
 * screen's first load.
 */
export function PremioCartao({ user, premio, percent, aniversario, expiracao }: PremioCartaoProps) {
  const expira = fraseExpiracao(expiracao)
  return (
    <>
      <p className="muted fid-ajuda">
        {user.patamar > user.pontos
          ? `Faltam ${pontosLabel(user.patamar - user.pontos)} para o próximo prémio${premio ? `: ${premio.nome}` : ''}.`
          : 'Tem pontos para um prémio.'}
        {percent !== undefined && ` Cada compra dá-lhe ${formatPercent(percent)} do valor em saldo.`}
      </p>
      {expira && <p className="fid-ajuda fid-expira">{expira}</p>}
      {user.itens > 0 && (
        <div className="fid-premio">
          {premio?.imagem && <Picture src={premio.imagem} alt="" sizes="4rem" className="fid-premio-imagem" />}
          <p>
            <strong>{temPremios(user.itens, premio)}</strong>
            {premio && (
              <span className="muted">
                {premio.tipo === 'valor' ? ` ${formatMoney(premio.valor)} de desconto.` : ''} Mostre o código na caixa
                {usavelAoEncomendar(premio) ? ', ou use-o ao encomendar.' : '.'}
              </span>
            )}
          </p>
        </div>
      )}
      {aniversario && (
        <div className="fid-premio fid-aniversario">
          {aniversario.imagem && <Picture src={aniversario.imagem} alt="" sizes="4rem" className="fid-premio-imagem" />}
          <p>
            <strong>{fraseAniversario(aniversario)}</strong>
            <span className="muted">
              {' '}
              Feliz aniversário! Mostre o código na caixa
              {usavelAoEncomendar(aniversario) ? ', ou use-o ao encomendar.' : ' para o usar.'}
            </span>
          </p>
        </div>
      )}
    </>
  )
}
