import { useId } from 'react'
import type { CarimbosCliente } from '../../../shared/carimbos.ts'
import { carimbosPorOferta, descricaoCarimbos, descricaoOfertas } from '../../../shared/carimbos-textos.ts'

const Visto = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={3.5}
    strokeLinecap="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
)

const Presente = () => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M4 9h16v4H4zM6 13v7h12v-7M12 9v11" />
    <path d="M12 9H8.5a2.25 2.25 0 1 1 0-4.5C11 4.5 12 9 12 9zm0 0h3.5a2.25 2.25 0 1 0 0-4.5C13 4.5 12 9 12 9z" />
  </svg>
)

/**
 * One stamp card: a circle per stamp that makes the next offer (filled for those held) and the offer last, then the
 * same in words, which are what assistive technology reads (the circles are hidden from it). The offers held, to use
 * at the till, stand out below.
 */
function CartaoDeCarimbos({ cartao: c }: { cartao: CarimbosCliente }) {
  const id = useId()
  const precisos = carimbosPorOferta(c.por_oferta)
  const cheios = Math.min(Math.max(c.carimbos, 0), precisos)
  return (
    <section className="fid-card fid-carimbos" aria-labelledby={id}>
      <h2 id={id}>{c.nome}</h2>
      <div className="fid-carimbos-linha" aria-hidden="true">
        {Array.from({ length: precisos }, (_, i) => i).map((lugar) => (
          <span key={lugar} className={lugar < cheios ? 'fid-carimbo fid-carimbo-cheio' : 'fid-carimbo'}>
            {lugar < cheios && <Visto />}
          </span>
        ))}
        <span
          className={
            c.ofertas > 0 ? 'fid-carimbo fid-carimbo-oferta fid-carimbo-ganha' : 'fid-carimbo fid-carimbo-oferta'
          }
        >
          <Presente />
        </span>
      </div>
      <p className="fid-ajuda">{descricaoCarimbos(c)}</p>
      {c.ofertas > 0 && (
        <div className="fid-premio">
          <p>
            <strong>{descricaoOfertas(c.ofertas)}</strong>
            <span className="muted"> Mostre o código na caixa.</span>
          </p>
        </div>
      )}
    </section>
  )
}

/**
 * The customer's stamp cards (decision 0057), one after another; nothing while the back-office has none. Rendered with
 * the rest of the card from the same private data, so the server's page already holds them and nothing moves in.
 */
export function CarimbosCartao({ carimbos }: { carimbos: readonly CarimbosCliente[] }) {
  if (carimbos.length === 0) return null
  return (
    <>
      {carimbos.map((c) => (
        <CartaoDeCarimbos key={c.cartao_id} cartao={c} />
      ))}
    </>
  )
}
