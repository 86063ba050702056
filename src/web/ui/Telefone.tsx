import { useId } from 'react'
import { notaCustoChamada, telHref } from '../../shared/custo-chamada.ts'

/**
 * A phone number a customer may call, with its call-cost note right beside it in smaller text (DL 59/2021;
 * shared/custo-chamada.ts decides it from the number). The note is text of the page and the link's description, so a
 * screen reader says it with the number.
 */
export function Telefone({ numero }: { numero: string }) {
  const nota = notaCustoChamada(numero)
  const id = useId()
  return (
    <span className="telefone">
      <a href={telHref(numero)} aria-describedby={nota ? id : undefined}>
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
