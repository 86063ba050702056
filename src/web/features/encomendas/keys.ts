/**
 * Query keys of the ordering screens, from one place. An order's key is what the event stream invalidates when the
 * order changes (app/eventos.ts); `encomendas` matches every order's.
 */
export const encomendasKeys = {
  encomendas: ['encomenda'] as const,
  encomenda: (id: number | null) => [...encomendasKeys.encomendas, id] as const,
  /** 'As minhas encomendas': under the orders' key, so an order's change refreshes the list too. */
  historico: ['encomenda', 'historico'] as const,
  /** The API path's key (`pathKey`), as the ordering pages carry it (app/router.tsx declares the read). */
  lojas: ['/api/lojas-encomenda'] as const,
  /** The API path's key (`pathKey`), as the page's reads are put in the cache: the page may carry it (web.ts). */
  catalogo: (idLoja: number | null) => [`/api/catalogo/${idLoja}`] as const,
  /** Every calculation: what they offer (the balance, a reward) changes with an order placed or refused. */
  calculos: ['calcula-encomenda'] as const,
  /** `cartKey` is the cart's JSON: the calculation's identity, with the balance, the kind of sale and the container. */
  calculo: (
    idLoja: number,
    usarPremio: 0 | 1,
    tipo: 0 | 1,
    recipiente: 0 | 1,
    cartKey: string,
    resgatar: 0 | 1,
    aniversario: 0 | 1,
  ) => [...encomendasKeys.calculos, idLoja, usarPremio, tipo, recipiente, cartKey, resgatar, aniversario] as const,
}
