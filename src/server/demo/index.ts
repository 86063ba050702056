import { PostgresAdapter, sql } from 'kysely'
import { parseSourceName } from '../../shared/imagens.ts'
import { METODOS_PAGAMENTO } from '../../shared/metodos-pagamento.ts'
import type { Config } from '../config.ts'
import type { Database, DatabaseTransaction } from '../platform/db.ts'
import { imageFileName, imageRows, processImage, SEED_IMAGE_CACHE } from '../platform/images.ts'
import { buildDemoContent, type ImagemSeed } from './content.ts'
import { DEMO_TABELAS_PRECO, demoEmentas } from './ementas.ts'
import { importDemoEmentas } from './ementas-import.ts'
import { DEMO_HORARIOS, DEMO_MESAS } from './horarios.ts'

/**
 * Who sells at the demo's stores: the group's own company, but a franchise in Porto (Santa Catarina) is another company,
 * as the checkout's pre-contract summary must show (decision 0036). NIPCs with valid check digits, made up.
 */
const DEMO_VENDEDOR_GRUPO = { empresa: 'Balcão Restauração, S.A.', nipc: '514725834' }
const DEMO_VENDEDORES: Record<number, { empresa: string; nipc: string }> = {
  861: { empresa: 'Grão do Norte – Restauração, Lda.', nipc: '517392640' },
}

export type SeedSettings = Pick<Config, 'LOYALTY_CREDIT_PERCENT' | 'MINIMUM_AGE'> &
  Partial<Pick<Config, 'SEED_DEMO_PROMOCOES'>>

/** The demo's promotion: what its campaign 'Dobro de pontos ao domingo' says, the ledger applies. */
const DEMO_PROMOCAO = {
  nome: 'Dobro de pontos ao domingo',
  efeito: 'multiplicar_pontos',
  multiplicador: 2,
  inicio: '2026-11-08',
  fim: '2026-12-27',
  dias_semana: '7',
  ambito: 'todas',
  ativa: 1,
} as const
const DEMO_PROMOCAO_CAMPANHA = 'dobro-de-pontos-ao-domingo'

/** The menus' coffees (Bica, Descafeinado, Abatanado, Galão, Meia de leite, Cappuccino): the 10th is offered. */
const DEMO_CARTAO_CARIMBOS = {
  nome: 'Cafés',
  codigos: ['1001', '1002', '1003', '1101', '1102', '1103'].join('\n'),
  por_oferta: 10,
}

/** Tables of public content, children before parents (the order rows are deleted in). */
const CONTENT_TABLES = [
  'ementas',
  'loja_menus',
  'lojas',
  'restaurantes',
  'faq_perguntas',
  'faq_categorias',
  'informacao_legal',
  'novidades',
  'campanhas',
  'imagens',
] as const

/**
 * The seed's lock on PostgreSQL (an advisory lock for its transaction, as migrations take one): processes seeding at
 * once (a deployment's replicas started together on an empty database) seed one after another, and each sees what the
 * one before committed. SQLite needs none: every transaction is begun IMMEDIATE, which takes the file's write lock.
 */
const SEED_LOCK = 4203

async function bloquearSemente(trx: DatabaseTransaction): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter)
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx)
}

const temConteudo = async (ex: Database) =>
  (await ex.selectFrom('restaurantes').select('id').limit(1).executeTakeFirst()) !== undefined

/** Images encoded at once; each has up to ten variants, which sharp spreads over its threads. */
const ENCODING_CONCURRENCY = 4

/** Rows per multi-row insert of images (SVG text and encoded variants; keeps every statement small on both dialects). */
const IMAGE_BATCH = 20

/**
 * Replaces all public content with the demo group's (the fictional Grupo Ladrilho): restaurants, stores and menus,
 * news, campaigns, FAQ, legal texts, the POS menus of the stores that take orders and the generated images they show. One transaction: readers see the old content
 * or the new, never a mix. The texts state the configured loyalty credit percent and minimum age. Under the seed's lock
 * (SEED_LOCK); `seVazia`: only if, under that lock, there is no content yet. Answers whether it seeded.
 */
export async function seedDemoContent(
  db: Database,
  settings: SeedSettings,
  { seVazia = false }: { seVazia?: boolean } = {},
): Promise<boolean> {
  const content = buildDemoContent(settings)
  const menus = demoEmentas()
  const agora = new Date().toISOString()
  // Encoded before the transaction: a cold cache takes seconds, and SQLite's write lock would be held all along.
  const imagens = await encodeImages([...content.imagens, ...menus.imagens], agora)
  return db.transaction().execute(async (trx) => {
    await bloquearSemente(trx)
    // Read under the lock: another process may have seeded since this one looked.
    if (seVazia && (await temConteudo(trx))) return false
    for (const table of CONTENT_TABLES) await trx.deleteFrom(table).execute()

    // Each source comes before its variants, which name it (`origem`).
    for (let i = 0; i < imagens.length; i += IMAGE_BATCH) {
      await trx
        .insertInto('imagens')
        .values(imagens.slice(i, i + IMAGE_BATCH))
        .execute()
    }

    for (const { lojas, ...restaurante } of content.restaurantes) {
      const { id: restauranteId } = await trx
        .insertInto('restaurantes')
        .values(restaurante)
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const { menus, ...loja } of lojas) {
        const horario = DEMO_HORARIOS[loja.id_loja]
        const { id: lojaId } = await trx
          .insertInto('lojas')
          .values({
            ...loja,
            restaurante_id: restauranteId,
            horario_encomendas: horario ? JSON.stringify(horario) : null,
            ...DEMO_TABELAS_PRECO[loja.id_loja],
            mesas: DEMO_MESAS[loja.id_loja] ?? 0,
            // The demo's ordering stores accept every way to pay.
            ...(horario ? { metodos_pagamento: METODOS_PAGAMENTO.join(',') } : {}),
            ...(DEMO_VENDEDORES[loja.id_loja] ?? DEMO_VENDEDOR_GRUPO),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (menus.length > 0) {
          await trx
            .insertInto('loja_menus')
            .values(menus.map((menu) => ({ ...menu, loja_id: lojaId })))
            .execute()
        }
      }
    }

    await trx.insertInto('novidades').values(content.novidades).execute()
    await trx.insertInto('campanhas').values(content.campanhas).execute()
    // The promotion the Sunday campaign announces, applied by the ledger itself (decision 0052), unless left out.
    const promocao = await trx.selectFrom('promocoes').select('id').limit(1).executeTakeFirst()
    if (settings.SEED_DEMO_PROMOCOES !== 'false' && !promocao) {
      const { id } = await trx
        .insertInto('promocoes')
        .values({ ...DEMO_PROMOCAO, criado_em: agora, alterado_em: agora })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.updateTable('campanhas').set({ promocao_id: id }).where('tag', '=', DEMO_PROMOCAO_CAMPANHA).execute()
    }

    for (const { perguntas, ...categoria } of content.faq) {
      const { id: categoriaId } = await trx
        .insertInto('faq_categorias')
        .values(categoria)
        .returning('id')
        .executeTakeFirstOrThrow()
      if (perguntas.length > 0) {
        await trx
          .insertInto('faq_perguntas')
          .values(perguntas.map((pergunta) => ({ ...pergunta, categoria_id: categoriaId })))
          .execute()
      }
    }

    await trx.insertInto('informacao_legal').values(content.informacaoLegal).execute()

    await importDemoEmentas(trx, menus.ementas)

    // The programme's reward, a coffee (the menus' Bica), unless the back-office has defined one already.
    const premio = await trx
      .selectFrom('premios')
      .select('id')
      .where('finalidade', '=', 'pontos')
      .limit(1)
      .executeTakeFirst()
    const cafe = menus.imagens.find((i) => parseSourceName(i.nome)?.base === 'produto-cafe')
    if (!premio) {
      await trx
        .insertInto('premios')
        .values({
          finalidade: 'pontos',
          nome: 'Café oferta',
          tipo: 'produto',
          cod_produto: '1001',
          imagem: cafe ? `/imagens/${cafe.nome}` : null,
          criado_em: agora,
        })
        .execute()
    }
    // The birthday reward (decision 0053), a pastel de nata usable for a week, unless one is defined already.
    const aniversario = await trx
      .selectFrom('premios')
      .select('id')
      .where('finalidade', '=', 'aniversario')
      .executeTakeFirst()
    const nata = menus.imagens.find((i) => parseSourceName(i.nome)?.base === 'produto-pastel-de-nata')
    if (!aniversario) {
      await trx
        .insertInto('premios')
        .values({
          finalidade: 'aniversario',
          nome: 'Pastel de nata oferta',
          tipo: 'produto',
          cod_produto: '2001',
          imagem: nata ? `/imagens/${nata.nome}` : null,
          validade_dias: 7,
          criado_em: agora,
        })
        .execute()
    }
    // A stamp card for the coffees (decision 0057): every 10th offered, unless the back-office has made a card.
    if (!(await trx.selectFrom('cartoes_carimbos').select('id').limit(1).executeTakeFirst())) {
      await trx
        .insertInto('cartoes_carimbos')
        .values({ ...DEMO_CARTAO_CARIMBOS, criado_em: agora, alterado_em: agora })
        .execute()
    }
    return true
  })
}

/**
 * The demo art through the same pipeline as uploads, its variants memoised by content hash (on disk and in memory):
 * every seed after the first on a machine reads them instead of encoding them again.
 */
async function encodeImages(imagens: ImagemSeed[], agora: string) {
  const rows: ReturnType<typeof imageRows>[] = []
  // A few images at a time, enough to keep sharp's threads busy, from a random place in the list: a process claims
  // an image (its cache lock) only when about to encode it, so parallel seeds on a cold cache (test workers) mostly
  // encode different images instead of queueing behind one another.
  const start = Math.floor(Math.random() * imagens.length)
  let next = 0
  const worker = async () => {
    for (let k = next++; k < imagens.length; k = next++) {
      const i = (start + k) % imagens.length
      const { nome, conteudo } = imagens[i] as ImagemSeed
      const image = await processImage(conteudo, { cacheDir: SEED_IMAGE_CACHE })
      // The content already points at `nome`, computed from the SVG's attributes; the encoder must agree with it.
      const expected = imageFileName(parseSourceName(nome)?.base ?? '', image)
      if (expected !== nome) throw new Error(`A imagem ${nome} saiu do codificador como ${expected}`)
      rows[i] = imageRows(nome, conteudo, image, agora)
    }
  }
  await Promise.all(Array.from({ length: ENCODING_CONCURRENCY }, worker))
  return rows.flat()
}

/**
 * First start: an empty database gets the demo content; later starts keep whatever is there. Safe with N processes
 * starting at once: the emptiness is asked again under the seed's lock, so one seeds and the others find its content.
 */
export async function seedIfEmpty(db: Database, settings: SeedSettings): Promise<boolean> {
  const limite = Date.now() + SEED_LOCK_WAIT_MS
  for (;;) {
    // Outside the lock first: a restart over content encodes no image and waits on no lock.
    if (await temConteudo(db)) return false
    try {
      return await seedDemoContent(db, settings, { seVazia: true })
    } catch (error) {
      // SQLite waits for its write lock only busy_timeout (5 s); another process's seed may hold it longer. Wait on
      // while the database is still empty: when that seed commits, the look above finds its content.
      if (!sqliteOcupada(error) || Date.now() > limite) throw error
    }
  }
}

/** How long a seed waits for another process's seed on SQLite before it gives up (a slow disk, a cold image cache). */
const SEED_LOCK_WAIT_MS = 5 * 60_000

const sqliteOcupada = (error: unknown) =>
  typeof error === 'object' && error !== null && String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY')
