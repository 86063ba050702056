import { RGPD_LINK_HORAS, rgpdMensagens } from '../../../shared/rgpd-textos.ts'

/**
 * The GDPR screens' texts, the contract's own (src/shared/rgpd-textos.ts, free of zod so that it costs these screens'
 * first load nothing; the forms fetch their schemas lazily, as every form does).
 */
export const textos = rgpdMensagens

/** How long an e-mailed link works. */
export const LINK_HORAS = RGPD_LINK_HORAS
