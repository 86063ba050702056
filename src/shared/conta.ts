import { z } from 'zod'
import { DEFAULT_PAIS } from './constants.ts'
import { FidelizacaoDadosSchema, TransacaoSchema } from './fidelizacao.ts'
import { FINS_DE_SESSAO } from './fim-de-sessao.ts'
import { EncomendaClienteSchema } from './pedido.ts'
import { TextoPorAceitarSchema } from './termos.ts'
import {
  ageOn,
  depoisDoTexto,
  ISO_DATE_PATTERN,
  isValidIsoDate,
  LOGIN_PASSWORD_MIN,
  mensagens,
  mobileCheck,
  NifOpcionalSchema,
  NovaPasswordFields,
  noIssuesOn,
  obrigatorio,
  opcional,
  PaisSchema,
  passwordsMatch,
  TelemovelSchema,
  texto,
} from './validacao.ts'

/** The account forms of spec §5 and §7 and what the account calls answer. */

export const LoginSchema = z.object({
  telemovel: TelemovelSchema,
  pais: PaisSchema.default(DEFAULT_PAIS),
  password: obrigatorio(50).min(LOGIN_PASSWORD_MIN, {
    error: mensagens.tamanhoMinimo(LOGIN_PASSWORD_MIN),
    ...depoisDoTexto,
  }),
})
export type LoginInput = z.input<typeof LoginSchema>

export const SignupSchema = z
  .object({
    telemovel: TelemovelSchema,
    pais: PaisSchema.default(DEFAULT_PAIS),
    termos: z.literal(true, { error: mensagens.obrigatorio }),
  })
  .refine(...mobileCheck())
export type SignupInput = z.input<typeof SignupSchema>

export const ResetSchema = z
  .object({ telemovel: TelemovelSchema, pais: PaisSchema.default(DEFAULT_PAIS) })
  .refine(...mobileCheck())
export type ResetInput = z.input<typeof ResetSchema>

export { CodigoSmsSchema } from './validacao.ts'
export type CodigoSmsInput = { codigo: string }

export const AlterarPasswordSchema = z.object(NovaPasswordFields).refine(...passwordsMatch())
export type AlterarPasswordInput = z.input<typeof AlterarPasswordSchema>

export const AlterarTelemovelSchema = z
  .object({
    telemovel: TelemovelSchema,
    pais: PaisSchema.default(DEFAULT_PAIS),
    confirmacaoTelemovel: TelemovelSchema,
    confirmacaoPais: PaisSchema.default(DEFAULT_PAIS),
  })
  .refine(...mobileCheck())
  .refine((v) => v.telemovel === v.confirmacaoTelemovel && v.pais === v.confirmacaoPais, {
    message: mensagens.igualA('Telemóvel'),
    path: ['confirmacaoTelemovel'],
    when: noIssuesOn('telemovel', 'pais', 'confirmacaoTelemovel', 'confirmacaoPais'),
  })
export type AlterarTelemovelInput = z.input<typeof AlterarTelemovelSchema>

export const ChaveSegurancaSchema = z.object({
  selecao: z.union([z.literal(0), z.literal(1)], { error: mensagens.valorInvalido }),
})

/**
 * The body of the internal calls (spec §7: api-logout, api-refresh-private-data, api-grava-saw-onboarding send
 * `value`): required, so that a body of any other shape is refused like every form's.
 */
export const ValueCallSchema = z.object({
  value: z.boolean({ error: (issue) => (issue.input === undefined ? mensagens.obrigatorio : mensagens.valorInvalido) }),
})

export const GENEROS = ['M', 'F', 'N/A'] as const

export interface DadosPessoaisOptions {
  /** Minimum age to join (configuration MINIMUM_AGE). */
  idadeMinima: number
  /** Temporary accounts set their password in this form. */
  comPassword: boolean
  /** The first completion of an account asks for the active acceptance of the terms and privacy policy (spec §4). */
  comAceitacao: boolean
  /** Today as `YYYY-MM-DD`, for the age check. */
  hoje: string
}

const nif = NifOpcionalSchema

/**
 * Personal data form (spec §5): name, e-mail, birth date (age), optional others; the password only when temporary,
 * the acceptance of terms and privacy only until the registration is complete.
 */
export function dadosPessoaisSchema({ idadeMinima, comPassword, comAceitacao, hoje }: DadosPessoaisOptions) {
  const fields = z.object({
    nome: obrigatorio(120),
    email: obrigatorio(254).email({ error: mensagens.email, ...depoisDoTexto }),
    // The OpenAPI document is told the form (`YYYY-MM-DD`, a real date) the refinement checks; the ages are in words.
    dataNascimento: obrigatorio(10)
      .refine(isValidIsoDate, mensagens.data)
      .meta({ format: 'date', pattern: ISO_DATE_PATTERN.source })
      .refine((v) => !isValidIsoDate(v) || ageOn(v, hoje) >= idadeMinima, mensagens.idadeMinima(idadeMinima))
      .refine((v) => !isValidIsoDate(v) || ageOn(v, hoje) <= 120, mensagens.data),
    genero: z
      .union([z.enum(GENEROS), z.literal(''), z.null()])
      .optional()
      .transform((v) => (v ? v : null)),
    // The rule is a check of the text, before the empty-means-null transform, so the OpenAPI document states it.
    codigoPostal: texto(8)
      .regex(/^(\d{4}-\d{3})?$/, { error: mensagens.codigoPostalInvalido, ...depoisDoTexto })
      .nullish()
      .transform((v) => (v ? v : null)),
    codigoParceria: opcional(40),
    nomeFaturacao1: opcional(120),
    nif1: nif,
    nomeFaturacao2: opcional(120),
    nif2: nif,
    /**
     * The one consent to communications, the same the GDPR screen's `comunicacao` shows and changes
     * (docs/decisions/0031-um-consentimento.md); absent, it stays as it is.
     */
    comunicacoes: z.boolean().optional(),
  })
  const base = comAceitacao ? fields.extend({ aceitacao: z.literal(true, { error: mensagens.obrigatorio }) }) : fields
  if (!comPassword) return base
  return base.extend(NovaPasswordFields).refine(...passwordsMatch())
}
export type DadosPessoaisInput = z.input<ReturnType<typeof dadosPessoaisSchema>>

/**
 * The personal data form as the OpenAPI document states it, for every account at once: the fields of a complete
 * account, with the acceptance a first completion asks for and the password a provisional account sets, both optional
 * here (the server asks for each only of the accounts that need it, and names it when missing). The ages are checks
 * of the server's day and configuration, stated in words.
 */
export const DadosPessoaisDocumentoSchema = dadosPessoaisSchema({
  idadeMinima: 0,
  comPassword: false,
  comAceitacao: false,
  hoje: '2000-01-01',
}).extend({
  aceitacao: z.literal(true).optional(),
  ...NovaPasswordFields,
  password: NovaPasswordFields.password.optional(),
  confirmacaoPassword: NovaPasswordFields.confirmacaoPassword.optional(),
})

const flag01 = z.union([z.literal(0), z.literal(1)])

/**
 * The account as the app sees it (spec §3 "User data"); money in integer cents. The server's answers are serialised
 * through this schema: it is the allow-list of what leaves the server about a person.
 */
export const UserDataSchema = z.object({
  id: z.number().int(),
  telemovel: z.string(),
  pais: z.string(),
  nome: z.string().nullable(),
  email: z.string().nullable(),
  dataNascimento: z.string().nullable(),
  codigoPostal: z.string().nullable(),
  genero: z.enum(GENEROS).nullable(),
  codigoParceria: z.string().nullable(),
  nomeFaturacao1: z.string().nullable(),
  nif1: z.string().nullable(),
  nomeFaturacao2: z.string().nullable(),
  nif2: z.string().nullable(),
  nif_utilizado: z.enum(['principal', 'secundario', '']),
  /** The one consent to communications, under both of the spec's names (§3): always equal. */
  comunicacoes: z.boolean(),
  comunicacao: z.boolean(),
  temporario: flag01,
  /** The personal data were completed once (terms and privacy accepted): from then on the account never lapses. */
  registoCompleto: z.boolean(),
  usar_codigo_seguranca: flag01,
  /**
   * The security code the customer shows at the till, on every device they sign in on: only in their own private data,
   * and only while the key is on (null otherwise). The server keeps it encrypted (docs/decisions/0004).
   */
  codigo_seguranca: z.string().nullable(),
  ...FidelizacaoDadosSchema.shape,
  id_perfil: z.number().int(),
  /** The profile's style class (spec §6), named in the back-office; the app puts it on its root element. */
  classe_perfil: z.string(),
  dataActualizacao: z.string(),
  eliminado: flag01,
  /** The loyalty QR's content: an opaque token (never the phone); renewed with the security key. */
  qrCode: z.string(),
  /** New versions of the terms or the privacy policy to accept before going on (docs/decisions/0033); [] when none. */
  termosPorAceitar: z.array(TextoPorAceitarSchema),
})
export type UserData = z.infer<typeof UserDataSchema>

/** What a device knows about its visitor: spec §3 "Private data". */
/** Why this device's session was ended on another (shared/fim-de-sessao.ts). */
export const FimDeSessaoSchema = z.enum(FINS_DE_SESSAO)

export const PrivateDataSchema = z.object({
  user: z.object({ loggedIn: z.boolean(), sawOnboarding: z.boolean(), data: UserDataSchema.nullable() }),
  transacoes: z.array(TransacaoSchema),
  /** The customer's current orders (spec §3 "Current order"), newest first. */
  ordering: z.array(EncomendaClienteSchema),
  /**
   * Present once, on the first private-data read after this device's session was ended elsewhere for a reason worth
   * telling (the device is a guest's again from that answer on).
   */
  fimDeSessao: FimDeSessaoSchema.optional(),
})
export type PrivateData = z.infer<typeof PrivateDataSchema>

export const HashResponseSchema = z.object({ hash: z.string() })
export type HashResponse = z.infer<typeof HashResponseSchema>

/** Public settings the app shows in its texts. */
export const ConfiguracaoSchema = z.object({
  creditoPercent: z.number(),
  idadeMinima: z.number().int(),
  paisPorOmissao: z.string(),
  /** The wallets the loyalty card can be added to (those the server is set up for). */
  carteiras: z.object({ apple: z.boolean(), google: z.boolean() }),
})
export type Configuracao = z.infer<typeof ConfiguracaoSchema>

/** A message of the development SMS outbox (GET /api/dev/sms). */
export const OutboxSmsSchema = z.object({ para: z.string(), texto: z.string(), criado_em: z.string() })
