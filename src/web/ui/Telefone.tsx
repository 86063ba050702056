import { useId } from 'react'

/**
 * A phone number a customer may call, with its call-cost note right beside it in smaller text (DL 59/2021; the server
 * decides it from the number, shared/custo-chamada.ts). The note is text of the page and the link's description, so a
 * screen reader says it with the number.
 */
export function Telefone({ numero, nota }: { numero: string; nota: string | null }) {
  const id = useId()
  return (
    <span className="telefone">
      <a href={`tel:${numero.replace(/[^\d+]/g, '')}`} aria-describedby={nota ? id : undefined}>
        {numero}
      </a>
      {nota && (
        <>
          {' '}
          <small id={id} className="custo-chamada">
            ({nota})
          </small>
        </>
      )}
    </span>
  )
}
