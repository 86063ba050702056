import type { Loja } from '../../../shared/restaurantes.ts'

/**
 * The store's phone with its call-cost note right beside it, as large and in the same colour (DL 59/2021, art. 3.º:
 * «de forma igualmente clara e visível»; the server decides the note from the number, shared/custo-chamada.ts). The
 * note is text of the page and the link's description, so a screen reader says it with the number. A number whose
 * cost the server could not tell (one stored before the back-office checked it) is not shown bare: the section goes
 * (decision 0039). One per page, as its heading's id.
 */
export function ContactoLoja({ address }: { address: Pick<Loja['address'], 'phone' | 'custoChamada'> }) {
  const { phone, custoChamada } = address
  if (!phone || !custoChamada) return null
  return (
    <section className="store-section" aria-labelledby="contacto">
      <h2 id="contacto">Contacto</h2>
      <p className="telefone">
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-describedby="custo-chamada">
          {phone}
        </a>{' '}
        <span id="custo-chamada" className="custo-chamada">
          ({custoChamada})
        </span>
      </p>
    </section>
  )
}
