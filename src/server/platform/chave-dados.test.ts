import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { AMOSTRAS_SELADAS } from '../amostras-seladas.ts'
import { buildApp } from '../app.ts'
import { type Config, configWith } from '../config.ts'
import { insertContas, insertNovidade } from '../testing/fixtures.ts'
import { createTestDatabase, TEST_DATA_ENCRYPTION_KEY, testDialects } from '../testing/harness.ts'
import { backup, restore, verificacaoDaCopia } from './backup.ts'
import { aadCodigoSeguranca, aadTotpEquipa, CHAVE_DADOS_SEGREDO, verificarChaveDeDados } from './chave-dados.ts'
import { systemClock } from './clock.ts'
import { DATA_KEY_BYTES, dataKeyring, HASH_COST_MIN, parseDataKey, sealText } from './crypto.ts'
import { type Database, type DatabaseHandle, openDatabase } from './db.ts'
import { migrateToLatest } from './migrate.ts'

/**
 * The data key's check (docs/decisions/0034): a start whose DATA_ENCRYPTION_KEY does not open the data sealed with the
 * key the database had is refused, naming the variable; a restore checks the copy before replacing anything; and the
 * backup and restore commands keep the database's password off their command lines and out of what they print.
 */

const pasta = mkdtempSync(join(tmpdir(), 'balcao-chave-'))
afterAll(() => rmSync(pasta, { recursive: true, force: true }))

const OUTRA_CHAVE = randomBytes(DATA_KEY_BYTES).toString('base64')
const cifraDe = (chave: string) => dataKeyring(parseDataKey(chave) as Buffer)

const configCom = (chave: string): Config =>
  configWith({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: 'dist/none',
    HASH_COST: HASH_COST_MIN,
    DATA_ENCRYPTION_KEY: chave,
  })

/**
 * What a database sealed before the check value existed holds: a staff member's TOTP secret (or, with `cliente`, only
 * a customer's security code) sealed with `chave`, and no check value.
 */
async function seladoSemVerificacao(db: Database, chave: string, { cliente = false } = {}) {
  const cifra = cifraDe(chave)
  const agora = new Date().toISOString()
  if (cliente) {
    const [id] = await insertContas(db, ['912345678'], 'Password-1234')
    await db
      .updateTable('utilizadores')
      .set({ codigo_seguranca_cifrado: sealText(cifra, '123456', aadCodigoSeguranca(id as number)) })
      .where('id', '=', id as number)
      .execute()
  } else {
    const { id } = await db
      .insertInto('admin_utilizadores')
      .values({ email: 'equipa@ladrilho.pt', papel: 'admin', criado_em: agora, atualizado_em: agora })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .updateTable('admin_utilizadores')
      .set({ totp_segredo: sealText(cifra, 'JBSWY3DPEHPK3PXP', aadTotpEquipa(id)) })
      .where('id', '=', id)
      .execute()
  }
  await db.deleteFrom('segredos').where('nome', '=', CHAVE_DADOS_SEGREDO).execute()
}

const verificacaoGuardada = async (db: Database) =>
  (await db.selectFrom('segredos').select('valor').where('nome', '=', CHAVE_DADOS_SEGREDO).executeTakeFirst())?.valor

async function arrancar(database: DatabaseHandle, chave: string) {
  const app = await buildApp(configCom(chave), database)
  await app.ready()
  const health = await app.inject({ method: 'GET', url: '/api/health' })
  await app.close()
  return health.statusCode
}

describe.each(testDialects())('the data key at start (%s)', (dialect) => {
  it('refuses a start whose key does not open the data, naming DATA_ENCRYPTION_KEY; the right key starts', {
    timeout: 60_000,
  }, async () => {
    const database = await createTestDatabase(dialect)
    try {
      // The first start seals the check value with its key.
      expect(await arrancar(database, TEST_DATA_ENCRYPTION_KEY)).toBe(200)
      const guardado = await database.db
        .selectFrom('segredos')
        .select('valor')
        .where('nome', '=', CHAVE_DADOS_SEGREDO)
        .executeTakeFirstOrThrow()

      await expect(arrancar(database, OUTRA_CHAVE)).rejects.toThrow(/DATA_ENCRYPTION_KEY: não abre os dados cifrados/)
      // The refused start changed nothing: the value is still the first key's, and that key still starts.
      const depois = await database.db
        .selectFrom('segredos')
        .select('valor')
        .where('nome', '=', CHAVE_DADOS_SEGREDO)
        .executeTakeFirstOrThrow()
      expect(depois.valor).toBe(guardado.valor)
      expect(await arrancar(database, TEST_DATA_ENCRYPTION_KEY)).toBe(200)
    } finally {
      await database.close()
    }
  })

  for (const cliente of [false, true]) {
    it(`a database sealed before the check value (${cliente ? "a customer's security code" : 'a staff TOTP secret'}): another key is refused and leaves no check value; the right key starts and stores it`, {
      timeout: 60_000,
    }, async () => {
      const database = await createTestDatabase(dialect)
      try {
        await seladoSemVerificacao(database.db, OUTRA_CHAVE, { cliente })
        await expect(arrancar(database, TEST_DATA_ENCRYPTION_KEY)).rejects.toThrow(
          /DATA_ENCRYPTION_KEY: não abre os dados cifrados desta base de dados/,
        )
        expect(await verificacaoGuardada(database.db)).toBeUndefined()
        expect(await arrancar(database, OUTRA_CHAVE)).toBe(200)
        expect(await verificacaoGuardada(database.db)).toMatch(/^v1:/)
        await expect(arrancar(database, TEST_DATA_ENCRYPTION_KEY)).rejects.toThrow(/DATA_ENCRYPTION_KEY/)
      } finally {
        await database.close()
      }
    })
  }

  it('a keyring rotated to a new key still starts while it keeps the older key; without it, it is refused', {
    timeout: 60_000,
  }, async () => {
    const database = await createTestDatabase(dialect)
    try {
      const antiga = parseDataKey(TEST_DATA_ENCRYPTION_KEY) as Buffer
      await verificarChaveDeDados(database.db, systemClock, dataKeyring(antiga), AMOSTRAS_SELADAS)
      const guardado = await verificacaoGuardada(database.db)
      const nova = randomBytes(DATA_KEY_BYTES)
      await verificarChaveDeDados(database.db, systemClock, dataKeyring(nova, 'v2', { v1: antiga }), AMOSTRAS_SELADAS)
      // Not sealed again at start: the TOTP secrets and security codes are still sealed with the older key, so a
      // keyring without it must not start.
      expect(await verificacaoGuardada(database.db)).toBe(guardado)
      await expect(
        verificarChaveDeDados(database.db, systemClock, dataKeyring(nova, 'v2'), AMOSTRAS_SELADAS),
      ).rejects.toThrow(/DATA_ENCRYPTION_KEY/)
    } finally {
      await database.close()
    }
  })
})

describe('a restore checks the copy against the data key first', () => {
  it('SQLite: a copy sealed with another key is refused and the database left as it was', async () => {
    const origemUrl = `sqlite:${join(pasta, 'origem.sqlite')}`
    const origem = openDatabase(origemUrl)
    await migrateToLatest(origem.db)
    await verificarChaveDeDados(origem.db, systemClock, cifraDe(OUTRA_CHAVE), AMOSTRAS_SELADAS)
    await insertNovidade(origem.db, { tag: 'da-copia' })
    await origem.close()
    const copia = join(pasta, 'origem-copia.sqlite')
    await backup(origemUrl, copia)
    expect(await verificacaoDaCopia(origemUrl, copia)).toMatch(/^v1:/)

    const destinoUrl = `sqlite:${join(pasta, 'destino.sqlite')}`
    const destino = openDatabase(destinoUrl)
    await migrateToLatest(destino.db)
    await insertNovidade(destino.db, { tag: 'fica' })
    await destino.close()

    await expect(restore(destinoUrl, copia, { cifra: cifraDe(TEST_DATA_ENCRYPTION_KEY) })).rejects.toThrow(
      /DATA_ENCRYPTION_KEY: não abre os dados cifrados da cópia/,
    )
    const intacta = openDatabase(destinoUrl)
    expect((await intacta.db.selectFrom('novidades').select('tag').execute()).map((n) => n.tag)).toEqual(['fica'])
    await intacta.close()

    await restore(destinoUrl, copia, { cifra: cifraDe(OUTRA_CHAVE) })
    const reposta = openDatabase(destinoUrl)
    expect((await reposta.db.selectFrom('novidades').select('tag').execute()).map((n) => n.tag)).toEqual(['da-copia'])
    await reposta.close()
  })

  it('SQLite: a copy made before the check value, its sealed data of another key, is refused', async () => {
    const origemUrl = `sqlite:${join(pasta, 'antiga.sqlite')}`
    const origem = openDatabase(origemUrl)
    await migrateToLatest(origem.db)
    await seladoSemVerificacao(origem.db, OUTRA_CHAVE)
    await origem.close()
    const copia = join(pasta, 'antiga-copia.sqlite')
    await backup(origemUrl, copia)
    expect(await verificacaoDaCopia(origemUrl, copia)).toBeNull()

    const destinoUrl = `sqlite:${join(pasta, 'antiga-destino.sqlite')}`
    const destino = openDatabase(destinoUrl)
    await migrateToLatest(destino.db)
    await insertNovidade(destino.db, { tag: 'fica' })
    await destino.close()

    await expect(restore(destinoUrl, copia, { cifra: cifraDe(TEST_DATA_ENCRYPTION_KEY) })).rejects.toThrow(
      /DATA_ENCRYPTION_KEY: não abre os dados cifrados da cópia/,
    )
    const intacta = openDatabase(destinoUrl)
    expect((await intacta.db.selectFrom('novidades').select('tag').execute()).map((n) => n.tag)).toEqual(['fica'])
    await intacta.close()

    await restore(destinoUrl, copia, { cifra: cifraDe(OUTRA_CHAVE) })
    const reposta = openDatabase(destinoUrl)
    expect(await reposta.db.selectFrom('admin_utilizadores').select('email').execute()).toEqual([
      { email: 'equipa@ladrilho.pt' },
    ])
    await reposta.close()
  })

  it('npm run restore refuses a copy of another key before anything, even with --confirmar', {
    timeout: 120_000,
  }, async () => {
    const origemUrl = `sqlite:${join(pasta, 'cmd-origem.sqlite')}`
    const origem = openDatabase(origemUrl)
    await migrateToLatest(origem.db)
    await verificarChaveDeDados(origem.db, systemClock, cifraDe(OUTRA_CHAVE), AMOSTRAS_SELADAS)
    await origem.close()
    const copia = join(pasta, 'cmd-copia.sqlite')
    await backup(origemUrl, copia)
    const destinoUrl = `sqlite:${join(pasta, 'cmd-destino.sqlite')}`
    const destino = openDatabase(destinoUrl)
    await migrateToLatest(destino.db)
    await insertNovidade(destino.db, { tag: 'fica' })
    await destino.close()

    const comando = (chave: string) =>
      spawnSync('node', ['--import', 'tsx', 'src/server/commands/restore.ts', copia, '--confirmar'], {
        env: { ...process.env, DATABASE_URL: destinoUrl, NODE_ENV: 'test', DATA_ENCRYPTION_KEY: chave },
        encoding: 'utf8',
      })
    const recusada = comando(TEST_DATA_ENCRYPTION_KEY)
    expect(recusada.status).toBe(1)
    expect(recusada.stderr).toContain('DATA_ENCRYPTION_KEY: não abre os dados cifrados da cópia')
    const intacta = openDatabase(destinoUrl)
    expect((await intacta.db.selectFrom('novidades').select('tag').execute()).map((n) => n.tag)).toEqual(['fica'])
    await intacta.close()
    const reposta = comando(OUTRA_CHAVE)
    expect(reposta.status, reposta.stderr).toBe(0)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: reads the check value from the dump and refuses',
    { timeout: 300_000 },
    async () => {
      const base = process.env.TEST_DATABASE_URL as string
      const origem = await createTestDatabase('postgres')
      const schema = origem.schema as string
      const copia = join(pasta, 'pg-copia.dump')
      try {
        await verificarChaveDeDados(origem.db, systemClock, cifraDe(OUTRA_CHAVE), AMOSTRAS_SELADAS)
        await backup(base, copia, { schema })
      } finally {
        await origem.close()
      }
      expect(await verificacaoDaCopia(base, copia)).toMatch(/^v1:/)

      const nome = `restore_${randomBytes(5).toString('hex')}`
      const admin = new pg.Client({ connectionString: base })
      await admin.connect()
      await admin.query(`create database ${nome}`)
      const destinoUrl = new URL(base)
      destinoUrl.pathname = `/${nome}`
      try {
        await expect(
          restore(destinoUrl.toString(), copia, { cifra: cifraDe(TEST_DATA_ENCRYPTION_KEY) }),
        ).rejects.toThrow(/DATA_ENCRYPTION_KEY/)
        const destino = new pg.Client({ connectionString: destinoUrl.toString() })
        await destino.connect()
        const { rows } = await destino.query('select 1 from information_schema.schemata where schema_name = $1', [
          schema,
        ])
        await destino.end()
        expect(rows).toEqual([])
        await restore(destinoUrl.toString(), copia, { cifra: cifraDe(OUTRA_CHAVE) })
        const reposta = openDatabase(destinoUrl.toString(), { schema })
        const { valor } = await reposta.db
          .selectFrom('segredos')
          .select('valor')
          .where('nome', '=', CHAVE_DADOS_SEGREDO)
          .executeTakeFirstOrThrow()
        expect(valor).toMatch(/^v1:/)
        await reposta.close()
      } finally {
        await admin.query(`drop database if exists ${nome} with (force)`)
        await admin.end()
      }
    },
  )
})

describe('a restore of a PostgreSQL copy made before the check value', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'reads a sealed value from the dump and refuses another key',
    { timeout: 300_000 },
    async () => {
      const base = process.env.TEST_DATABASE_URL as string
      const origem = await createTestDatabase('postgres')
      const schema = origem.schema as string
      const copia = join(pasta, 'pg-antiga.dump')
      try {
        await seladoSemVerificacao(origem.db, OUTRA_CHAVE, { cliente: true })
        await backup(base, copia, { schema })
      } finally {
        await origem.close()
      }
      expect(await verificacaoDaCopia(base, copia)).toBeNull()

      const nome = `restore_${randomBytes(5).toString('hex')}`
      const admin = new pg.Client({ connectionString: base })
      await admin.connect()
      await admin.query(`create database ${nome}`)
      const destinoUrl = new URL(base)
      destinoUrl.pathname = `/${nome}`
      try {
        await expect(
          restore(destinoUrl.toString(), copia, { cifra: cifraDe(TEST_DATA_ENCRYPTION_KEY) }),
        ).rejects.toThrow(/DATA_ENCRYPTION_KEY: não abre os dados cifrados da cópia/)
        const destino = new pg.Client({ connectionString: destinoUrl.toString() })
        await destino.connect()
        const { rows } = await destino.query('select 1 from information_schema.schemata where schema_name = $1', [
          schema,
        ])
        await destino.end()
        expect(rows).toEqual([])
        await restore(destinoUrl.toString(), copia, { cifra: cifraDe(OUTRA_CHAVE) })
        const reposta = openDatabase(destinoUrl.toString(), { schema })
        const clientes = await reposta.db
          .selectFrom('utilizadores')
          .select('codigo_seguranca_cifrado')
          .where('codigo_seguranca_cifrado', 'is not', null)
          .execute()
        expect(clientes).toHaveLength(1)
        await reposta.close()
      } finally {
        await admin.query(`drop database if exists ${nome} with (force)`)
        await admin.end()
      }
    },
  )
})

describe("the database's password in the backup and restore commands", () => {
  const PASSWORD = `S3gredo-${randomBytes(6).toString('hex')}`

  /** A pg_dump/pg_restore at the process edge that writes down its arguments and PGPASSWORD, then fails saying them. */
  function ferramentasFalsas() {
    const bin = mkdtempSync(join(pasta, 'bin-'))
    const registo = join(bin, 'registo')
    for (const nome of ['pg_dump', 'pg_restore']) {
      const script = join(bin, nome)
      writeFileSync(
        script,
        `#!/bin/sh
case "$*" in *--dbname=*) ;; *) exit 0 ;; esac
echo "ARGS $*" >> "${registo}"
echo "ENV $PGPASSWORD" >> "${registo}"
echo "${nome}: error: connection to $* failed" >&2
exit 1
`,
      )
      chmodSync(script, 0o755)
    }
    return { bin, registo }
  }

  const comando = (args: string[], databaseUrl: string, path = process.env.PATH) =>
    spawnSync('node', ['--import', 'tsx', ...args], {
      env: {
        ...process.env,
        PATH: path,
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'test',
        DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
      },
      encoding: 'utf8',
    })

  it('pass it to pg_dump and pg_restore in PGPASSWORD, never on the command line, and never print it', {
    timeout: 120_000,
  }, () => {
    const { bin, registo } = ferramentasFalsas()
    const url = `postgres://balcao:${PASSWORD}@127.0.0.1:1/balcao`
    const feita = comando(
      ['src/server/commands/backup.ts', join(pasta, 'falsa.dump')],
      url,
      `${bin}:${process.env.PATH}`,
    )
    expect(feita.status).toBe(1)
    expect(feita.stderr).toContain('pg_dump falhou')
    expect(feita.stderr).not.toContain(PASSWORD)

    const copia = join(pasta, 'qualquer.dump')
    writeFileSync(copia, 'PGDMP')
    const reposta = comando(['src/server/commands/restore.ts', copia, '--confirmar'], url, `${bin}:${process.env.PATH}`)
    expect(reposta.status).toBe(1)
    expect(reposta.stderr).toContain('pg_restore falhou')
    expect(reposta.stderr).not.toContain(PASSWORD)

    const linhas = readFileSync(registo, 'utf8').trim().split('\n')
    expect(linhas.filter((l) => l.startsWith('ARGS'))).toHaveLength(2)
    for (const l of linhas.filter((l) => l.startsWith('ARGS'))) {
      expect(l).toContain('--dbname=postgres://balcao@127.0.0.1:1/balcao')
      expect(l).not.toContain(PASSWORD)
    }
    expect(linhas.filter((l) => l.startsWith('ENV'))).toEqual([`ENV ${PASSWORD}`, `ENV ${PASSWORD}`])
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'the real pg_dump failing does not print it either',
    { timeout: 120_000 },
    () => {
      const url = new URL(process.env.TEST_DATABASE_URL as string)
      url.password = PASSWORD
      url.pathname = `/nao_existe_${randomBytes(4).toString('hex')}`
      const feita = comando(['src/server/commands/backup.ts', join(pasta, 'real.dump')], url.toString())
      expect(feita.status).toBe(1)
      expect(feita.stderr).toContain('pg_dump falhou')
      expect(feita.stderr).not.toContain(PASSWORD)
    },
  )
})
