import { useAvisoLoja } from './use-aviso-loja.ts'

/**
 * A store's pause or closure of today on its page, in the catalogue's words: someone who opens the store's page to go
 * there or to order learns it before the catalogue tells them.
 */
export function AvisoLoja({ idLoja }: { idLoja: number }) {
  const aviso = useAvisoLoja(idLoja)
  if (!aviso) return null
  return (
    <p className="loja-aviso" role="status">
      {aviso}
    </p>
  )
}
