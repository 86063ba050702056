import { useEffect, useState } from 'react'
import type { AgruparTelemovel } from '../../shared/format.ts'

let agrupar: AgruparTelemovel | undefined
let loading: Promise<AgruparTelemovel> | undefined

function load(): Promise<AgruparTelemovel> {
  loading ??= import('libphonenumber-js/mobile').then(
    ({ parsePhoneNumberFromString }) => {
      agrupar = (e164) => parsePhoneNumberFromString(e164)?.formatInternational()
      return agrupar
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/**
 * What groups a phone of another country than Portugal (for `formatTelemovel`): the numbering plans (tens of kB gzip) are kept
 * out of every first load (docs/decisions/0010) and fetched only for such a number, after the
 * screen has painted it unbroken. A Portuguese number needs nothing (`undefined`).
 */
export function useAgruparTelemovel(pais: string | undefined): AgruparTelemovel | undefined {
  const needed = pais !== undefined && pais !== '351'
  // Functions in state are kept through updaters: React would call them otherwise.
  const [loaded, setLoaded] = useState(() => agrupar)
  useEffect(() => {
    if (needed && !loaded)
      load().then(
        (f) => setLoaded(() => f),
        () => undefined,
      )
  }, [needed, loaded])
  return needed ? loaded : undefined
}
