import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Each table has one owner, and only the owner's code names it in a query (ARCHITECTURE.md, "Units of work"): a
 * feature that needs another's data asks that feature's service, so a table's rules (who may write it, what a change
 * announces, what erasure removes) live in one place. The platform's tables (sessions, limits, keys of the store and
 * counter surfaces, idempotency, secrets, images, the SMS and e-mail outboxes, the payments sandbox) belong to the platform, which
 * serves every feature.
 *
 * Read-only to this check: migrations (they make the tables), the demo content (it fills them as a first install
 * would), the test harness, tests and their setup modules (`testing.ts`: they set up and inspect).
 */

const ROOT = resolve(import.meta.dirname, '../../..')
const SERVER = 'src/server'

const OWNERS: Record<string, string> = {
  novidades: 'features/conteudos',
  campanhas: 'features/conteudos',
  faq_categorias: 'features/conteudos',
  faq_perguntas: 'features/conteudos',
  informacao_legal: 'features/conteudos',
  informacao_consumidor: 'features/conteudos',
  restaurantes: 'features/restaurantes',
  lojas: 'features/restaurantes',
  loja_menus: 'features/restaurantes',
  ementas: 'features/encomendas',
  ementas_esgotados: 'features/encomendas',
  ementas_produtos_marcas: 'features/encomendas',
  lojas_encerramentos: 'features/restaurantes',
  encomendas: 'features/encomendas',
  convidados: 'features/encomendas',
  utilizadores: 'features/conta',
  sms_desafios: 'features/conta',
  tentativas_login: 'features/conta',
  consentimentos: 'features/conta',
  perfis: 'features/conta',
  rgpd_pedidos: 'features/rgpd',
  admin_utilizadores: 'features/admin',
  admin_codigos_recuperacao: 'features/admin',
  admin_sessoes: 'features/admin',
  admin_tentativas_login: 'features/admin',
  admin_convites: 'features/admin',
  admin_auditoria: 'features/admin',
  admin_notificacoes: 'features/admin',
  admin_clientes_encontrados: 'features/admin',
  transacoes: 'features/fidelizacao',
  fidelizacao_regras: 'features/fidelizacao',
  premios: 'features/fidelizacao',
  premios_aniversario: 'features/fidelizacao',
  promocoes: 'features/fidelizacao',
  transacoes_promocoes: 'features/fidelizacao',
  cartoes_carimbos: 'features/fidelizacao',
  carimbos_movimentos: 'features/fidelizacao',
  opinioes: 'features/fidelizacao',
  identificacoes: 'features/fidelizacao',
  notificacoes: 'features/notificacoes',
  push_subscricoes: 'features/notificacoes',
  push_envios: 'features/notificacoes',
  push_difusoes: 'features/notificacoes',
  campanhas_escrita: 'features/notificacoes',
  documentos_fiscais: 'features/faturas',
  impressoes: 'features/impressoras',
  carteira_passes: 'features/carteira',
  carteira_dispositivos: 'features/carteira',
  carteira_envios: 'features/carteira',
  sessoes: 'platform',
  segredos: 'platform',
  limites: 'platform',
  lojas_chaves: 'platform',
  painel_sessoes: 'platform',
  idempotencia: 'platform',
  imagens: 'platform',
  sms_outbox: 'platform',
  email_outbox: 'platform',
  pagamentos_sandbox: 'platform',
  eventos: 'platform',
}

const EXEMPT = [/^db\/migrations\//, /^demo\//, /^testing\//, /\/testing\.ts$/, /\.test\.tsx?$/]

/** A query builder call that names a table: `selectFrom('lojas')`, `innerJoin('lojas as l', …)`… */
const TABLE_IN_QUERY =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|using)\(\s*\[?\s*['"`]([a-z_]+)/g

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return files(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

function declaredTables(): string[] {
  const schema = readFileSync(join(ROOT, SERVER, 'db/schema.ts'), 'utf8')
  const db = schema.match(/export interface DB \{([^}]*)\}/)?.[1] ?? ''
  return [...db.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1] as string)
}

/** Where a file belongs: its feature (`features/conta`), the platform, or the file itself (scripts under db/). */
function ownerOf(path: string): string {
  const feature = path.match(/^features\/[^/]+/)
  if (feature) return feature[0]
  if (path.startsWith('platform/')) return 'platform'
  return path
}

function tableUses() {
  return files(SERVER).flatMap((file) => {
    const path = relative(join(ROOT, SERVER), join(ROOT, file))
    if (EXEMPT.some((re) => re.test(path))) return []
    const text = readFileSync(join(ROOT, file), 'utf8')
    return [...text.matchAll(TABLE_IN_QUERY)].map((m) => ({ path, table: m[1] as string }))
  })
}

describe('table owners', () => {
  it('every table of the schema has an owner, and every owner a table of the schema', () => {
    expect(Object.keys(OWNERS).sort()).toEqual(declaredTables().sort())
  })

  it("no code names another owner's table in a query", () => {
    const uses = tableUses()
    expect(uses.length).toBeGreaterThan(50)
    const foreign = uses
      .filter(({ path, table }) => OWNERS[table] !== ownerOf(path))
      .map(({ path, table }) => `${path} names ${table} (owned by ${OWNERS[table] ?? 'nobody'})`)
    expect([...new Set(foreign)]).toEqual([])
  })

  it('finds the table in each way a query can name it', () => {
    const sample = `db.selectFrom('lojas as l').innerJoin("ementas as e", 'e.id', 'l.id').deleteFrom(\`sessoes\`)`
    expect([...sample.matchAll(TABLE_IN_QUERY)].map((m) => m[1])).toEqual(['lojas', 'ementas', 'sessoes'])
  })
})
