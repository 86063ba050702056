import { z } from 'zod'

/** Everything the server reads from the environment, checked once at boot. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .min(1)
    .default('sqlite:./data/balcao.sqlite')
    .refine((v) => /^(postgres(ql)?:\/\/|sqlite:|file:|:memory:|[./\w])/.test(v), 'URL de base de dados inválida'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; the API serves alone when it is missing. */
  WEB_DIST: z.string().default('dist/web'),
  /** Loyalty credit as a percent of each purchase (spec §1 and §9 give 5 and 10; 5 is the legal text's). */
  LOYALTY_CREDIT_PERCENT: z.coerce.number().min(0).max(100).default(5),
  /** Minimum age to join (spec §5 validates 16; the terms text says 18). */
  MINIMUM_AGE: z.coerce.number().int().min(0).max(120).default(16),
  /** Fill an empty database with the demo group's content at start (never in production unless asked). */
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Largest JSON body accepted, in bytes. */
  BODY_LIMIT: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
})

export type Config = z.infer<typeof EnvSchema>

export function shouldSeedDemo(config: Config): boolean {
  return config.SEED_DEMO === 'true' || (config.SEED_DEMO === 'auto' && config.NODE_ENV !== 'production')
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  return parsed.data
}

/** A config for tests and tools: the defaults, overridden where given. */
export function configWith(overrides: Partial<Config>): Config {
  return { ...EnvSchema.parse({}), ...overrides }
}
