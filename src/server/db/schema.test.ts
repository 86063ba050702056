import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql, type TableMetadata } from 'kysely'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle, Dialect } from '../platform/db.ts'
import { createTestDatabase, testDialects, whileMigrating } from '../testing/harness.ts'

/**
 * The `DB` interface is what every query compiles against, but nothing ties it to what the migrations create: a column
 * added to a migration and forgotten here, or declared `string` where the database holds a number, compiles and fails
 * only at run time. So schema.ts is read here with the compiler (its interfaces are gone at run time) and compared
 * with the tables a migrated database really has, on each dialect.
 */

/** What a column holds, coarsely: enough to tell a number from a string from bytes. */
type Kind = 'number' | 'string' | 'bytes' | 'boolean' | 'date' | 'json' | 'unknown'

interface DeclaredColumn {
  /** The type as written, for the failure message (`Generated<number>`, `string | null`). */
  text: string
  kind: Kind
  nullable: boolean
  /** May be left out of an insert (`Generated<>`, a `ColumnType` whose insert type takes undefined). */
  optionalOnInsert: boolean
}

interface RealColumn {
  dataType: string
  kind: Kind
  nullable: boolean
  hasDefault: boolean
}

type Tables<C> = Record<string, Record<string, C>>

const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url))
const TSCONFIG = fileURLToPath(new URL('../../../tsconfig.json', import.meta.url))

/**
 * schema.ts as data: table → column → its select type's kind and nullability, and whether an insert may leave it out.
 * The type checker, not the text, so that aliases (`NovidadesTable = ConteudoBase`, `TipoMovimento`) resolve.
 */
function declaredSchema(): Tables<DeclaredColumn> {
  const { config } = ts.readConfigFile(TSCONFIG, ts.sys.readFile)
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, dirname(TSCONFIG))
  const program = ts.createProgram([SCHEMA_FILE], { ...options, noEmit: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(SCHEMA_FILE)
  const db = source?.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'DB',
  )
  if (!source || !db) throw new Error(`no interface DB in ${SCHEMA_FILE}`)

  const typeOf = (symbol: ts.Symbol) => checker.getTypeOfSymbolAtLocation(symbol, db)
  const parts = (type: ts.Type) => (type.isUnion() ? type.types : [type])
  const kindOf = (types: ts.Type[]): Kind => {
    const kinds = new Set(
      types.map((t): Kind => {
        if (t.flags & ts.TypeFlags.NumberLike) return 'number'
        if (t.flags & ts.TypeFlags.StringLike) return 'string'
        if (t.flags & ts.TypeFlags.BooleanLike) return 'boolean'
        const name = t.getSymbol()?.getName()
        if (name === 'Buffer' || name === 'Uint8Array') return 'bytes'
        if (name === 'Date') return 'date'
        return 'unknown'
      }),
    )
    return kinds.size === 1 ? ([...kinds][0] as Kind) : 'unknown'
  }

  const tables: Tables<DeclaredColumn> = {}
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(db))) {
    const columns: Record<string, DeclaredColumn> = {}
    for (const column of checker.getPropertiesOfType(typeOf(table))) {
      const type = typeOf(column)
      // Kysely's ColumnType<Select, Insert, Update> (Generated<T> is one) is an object of these three phantom fields.
      const select = type.getProperty('__select__')
      const insert = type.getProperty('__insert__')
      const selected = select ? typeOf(select) : type
      const read = parts(selected)
      const declaration = column.declarations?.[0]
      columns[column.getName()] = {
        text: declaration && ts.isPropertySignature(declaration) && declaration.type ? declaration.type.getText() : '',
        kind: kindOf(read.filter((t) => !(t.flags & ts.TypeFlags.Null))),
        nullable: read.some((t) => t.flags & ts.TypeFlags.Null),
        optionalOnInsert: insert !== undefined && parts(typeOf(insert)).some((t) => t.flags & ts.TypeFlags.Undefined),
      }
    }
    tables[table.getName()] = columns
  }
  return tables
}

/**
 * What the database hands back for a column type, with the drivers as platform/db.ts opens them: node-postgres reads
 * `boolean` as a boolean, `timestamp*` as a Date and `json*` as an object, none of which a `number` or `string` in
 * schema.ts would describe (the architecture stores flags as 0/1 and timestamps as ISO text for that reason).
 */
function kindOfSql(dataType: string): Kind {
  const type = dataType.toLowerCase()
  if (
    /^(int|integer|int2|int4|int8|smallint|bigint|real|float4|float8|double precision|numeric|decimal)\b/.test(type)
  ) {
    return 'number'
  }
  if (/^(text|varchar|character varying|char|character|bpchar|uuid|name|clob)\b/.test(type)) return 'string'
  if (/^(blob|bytea)\b/.test(type)) return 'bytes'
  if (/^(bool|boolean)\b/.test(type)) return 'boolean'
  if (/^(timestamp|timestamptz|date|time|timetz)\b/.test(type)) return 'date'
  if (/^(json|jsonb)\b/.test(type)) return 'json'
  return 'unknown'
}

/** The migrator's own bookkeeping, which no query of the app reads. */
const isMigratorTable = (name: string) => name.startsWith('kysely_migration')

async function realSchema(database: DatabaseHandle): Promise<Tables<RealColumn>> {
  const { db, dialect } = database
  // PostgreSQL's introspection looks through every schema: hold off other test files' schema drops meanwhile.
  const metadata: TableMetadata[] = await whileMigrating(dialect, () => db.introspection.getTables())
  // SQLite reports a key column without `not null` as nullable, though the app never writes null there (and an
  // integer key is the rowid, never null); PostgreSQL makes every key column not null, and its run checks that.
  const keys = dialect === 'sqlite' ? await sqliteKeyColumns(database) : new Set<string>()
  const tables: Tables<RealColumn> = {}
  for (const table of metadata) {
    if (table.isView || isMigratorTable(table.name)) continue
    if (dialect === 'postgres' && table.schema !== database.schema) continue
    tables[table.name] = Object.fromEntries(
      table.columns.map((c) => [
        c.name,
        {
          dataType: c.dataType,
          kind: kindOfSql(c.dataType),
          nullable: c.isNullable && !keys.has(`${table.name}.${c.name}`),
          hasDefault: c.hasDefaultValue || c.isAutoIncrementing,
        },
      ]),
    )
  }
  return tables
}

async function sqliteKeyColumns(database: DatabaseHandle): Promise<Set<string>> {
  const { rows } = await sql<{ tabela: string; coluna: string }>`
    select m.name as tabela, p.name as coluna from sqlite_master m, pragma_table_info(m.name) p
    where m.type = 'table' and p.pk > 0`.execute(database.db)
  return new Set(rows.map((r) => `${r.tabela}.${r.coluna}`))
}

/** Every way schema.ts and the database disagree, one line each (empty: they agree). */
function compareSchemas(declared: Tables<DeclaredColumn>, real: Tables<RealColumn>): string[] {
  const faults: string[] = []
  for (const table of Object.keys(real).sort()) {
    if (!declared[table]) faults.push(`table ${table} is in the database but not in schema.ts`)
  }
  for (const [table, columns] of Object.entries(declared).sort()) {
    const realColumns = real[table]
    if (!realColumns) {
      faults.push(`table ${table} is in schema.ts but not in the database`)
      continue
    }
    for (const name of Object.keys(realColumns)) {
      if (!columns[name]) faults.push(`${table}.${name} (${realColumns[name]?.dataType}) is not in schema.ts`)
    }
    for (const [name, column] of Object.entries(columns)) {
      const actual = realColumns[name]
      const where = `${table}.${name}: ${column.text}`
      if (!actual) {
        faults.push(`${where} is not in the database`)
        continue
      }
      if (column.kind !== actual.kind) faults.push(`${where} reads as ${actual.kind} (${actual.dataType})`)
      if (column.nullable !== actual.nullable) {
        faults.push(`${where} ${actual.nullable ? 'is nullable in the database' : 'is not null in the database'}`)
      }
      // An insert that leaves the column out compiles; the database must then have something to put there.
      if (column.optionalOnInsert && !actual.hasDefault && !actual.nullable) {
        faults.push(`${where} may be left out of an insert, but the database has no default for it`)
      }
    }
  }
  return faults
}

const declared = declaredSchema()

describe('schema.ts as read by the compiler', () => {
  it('describes the tables with their columns, kinds and nullability', () => {
    expect(Object.keys(declared).length).toBeGreaterThan(20)
    expect(declared.novidades?.id).toEqual({
      text: 'Generated<number>',
      kind: 'number',
      nullable: false,
      optionalOnInsert: true,
    })
    expect(declared.novidades?.subtitle).toMatchObject({ kind: 'string', nullable: true, optionalOnInsert: false })
    expect(declared.imagens?.dados).toMatchObject({ kind: 'bytes', nullable: true })
    expect(declared.transacoes?.tipo).toMatchObject({ kind: 'string', nullable: false })
    expect(declared.encomendas?.reembolso_estado).toMatchObject({ kind: 'string', nullable: true })
  })

  it('tells every kind of disagreement', () => {
    const real: Tables<RealColumn> = {
      t: {
        a: { dataType: 'text', kind: 'string', nullable: false, hasDefault: false },
        b: { dataType: 'integer', kind: 'number', nullable: true, hasDefault: false },
        c: { dataType: 'integer', kind: 'number', nullable: false, hasDefault: false },
        extra: { dataType: 'text', kind: 'string', nullable: true, hasDefault: false },
      },
      only_real: {},
    }
    const column = (kind: Kind, nullable: boolean, optionalOnInsert = false): DeclaredColumn => ({
      text: kind,
      kind,
      nullable,
      optionalOnInsert,
    })
    expect(
      compareSchemas(
        {
          t: { a: column('number', false), b: column('number', false), c: column('number', false, true) },
          only_declared: {},
        },
        real,
      ),
    ).toEqual([
      'table only_real is in the database but not in schema.ts',
      'table only_declared is in schema.ts but not in the database',
      't.extra (text) is not in schema.ts',
      't.a: number reads as string (text)',
      't.b: number is nullable in the database',
      't.c: number may be left out of an insert, but the database has no default for it',
    ])
  })
})

describe.each(testDialects())('schema.ts against the migrated database on %s', (dialect: Dialect) => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase(dialect)
  })
  afterAll(() => database.close())

  it('declares every table and column the migrations create, with their kinds and nullability', async () => {
    expect(compareSchemas(declared, await realSchema(database))).toEqual([])
  })
})
