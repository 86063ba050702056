import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { Configuracao } from '../../../shared/conta.ts'
import { paths } from '../../../shared/routes.ts'
import { QueryView } from '../../lib/query.tsx'
import { useConfiguracao } from '../../lib/use-configuracao.ts'
import { useHeader } from '../../ui/header.tsx'
import { LoyaltyIcon, NewsIcon, StoreIcon } from '../../ui/icons.tsx'
import { useSubmission } from '../../ui/submission.tsx'
import { useGravaSawOnboarding } from './use-grava-saw-onboarding.ts'

/** The configured credit percent as pt-PT writes it: `5%`, `2,5%` (LOYALTY_CREDIT_PERCENT, spec §9). */
const percentText = (n: number) => `${String(n).replace('.', ',')}%`

const slidesFor = ({ creditoPercent }: Configuracao) => [
  {
    Icon: NewsIcon,
    title: 'Bem-vindo ao Balcão',
    text: 'As novidades, os restaurantes e as lojas do grupo, sempre consigo.',
  },
  {
    Icon: LoyaltyIcon,
    title: 'Ganhe saldo em cada compra',
    text: `Recebe ${percentText(creditoPercent)} do valor de cada compra em saldo para a próxima visita.`,
  },
  {
    Icon: StoreIcon,
    title: 'Identifique-se na loja',
    text: 'Mostre o seu código QR ou indique o seu número de telemóvel ao pagar. Crie a sua conta e comece a poupar.',
  },
]

/** Spec §2: three slides (0-2), Anterior/Seguinte, 'Saltar' on the first two, 'Finalizar' on the last. */
export function OnboardingPage() {
  useHeader('Bem-vindo')
  const config = useConfiguracao()
  return <QueryView query={config}>{(c) => <Onboarding config={c} />}</QueryView>
}

function Onboarding({ config }: { config: Configuracao }) {
  const slides = slidesFor(config)
  const [index, setIndex] = useState(0)
  const gravar = useGravaSawOnboarding()
  const navigate = useNavigate()
  const submission = useSubmission()
  const last = slides.length - 1
  const slide = slides[index] ?? slides[0]
  if (!slide) return null

  // Finishing or skipping records it and goes to login (spec §4).
  async function done() {
    const outcome = await submission.run(() => gravar.mutateAsync())
    if (outcome.ok) void navigate(paths.login, { replace: true })
    else submission.showError(outcome.error)
  }

  return (
    <main className="page onboarding" id="conteudo">
      <section className="onboarding-slide" aria-live="polite" aria-atomic="true">
        <div className="onboarding-art" aria-hidden="true">
          <slide.Icon />
        </div>
        <p className="visually-hidden">{`Passo ${index + 1} de ${slides.length}`}</p>
        <h1>{slide.title}</h1>
        <p className="onboarding-text">{slide.text}</p>
      </section>
      <ol className="onboarding-dots" aria-hidden="true">
        {slides.map((s, i) => (
          <li key={s.title} className={i === index ? 'onboarding-dot active' : 'onboarding-dot'} />
        ))}
      </ol>
      <div className="onboarding-actions">
        {index > 0 ? (
          <button type="button" className="button button-secondary" onClick={() => setIndex(index - 1)}>
            Anterior
          </button>
        ) : (
          <span />
        )}
        {/* One button that changes, so that keyboard focus stays on it on the last slide. */}
        <button type="button" className="button" onClick={() => (index < last ? setIndex(index + 1) : void done())}>
          {index < last ? 'Seguinte' : 'Finalizar'}
        </button>
      </div>
      {index < last && (
        <button type="button" className="onboarding-skip" onClick={() => void done()}>
          Saltar
        </button>
      )}
      {submission.feedback}
    </main>
  )
}
