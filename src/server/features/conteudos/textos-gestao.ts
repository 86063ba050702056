import type { Generated, Insertable, Kysely } from 'kysely'
import {
  type CategoriaFaqDados,
  type CategoriaFaqStaff,
  type LegalDados,
  type LegalStaff,
  type PerguntaFaqDados,
  type PerguntaFaqStaff,
  textosMensagens,
} from '../../../shared/admin-textos.ts'
import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../../shared/constants.ts'
import { termosMensagens } from '../../../shared/termos.ts'
import type { InformacaoLegalTable } from '../../db/schema.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { sha256 } from '../../platform/crypto.ts'
import { type Database, type DatabaseTransaction, isUniqueViolation } from '../../platform/db.ts'
import { fieldError, HttpError, notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import { CONTEUDOS_CACHE_TAGS } from './routes.ts'

/**
 * The staff's side of the FAQ (categories and questions) and the legal contents: every row, published or
 * not; create (as a draft), edit, publish, take off, delete. Each change is one transaction with its record (the
 * back-office's audit entry, `registar`), and the read cache forgets that kind of content after the commit, so the
 * customer's next read (and its ETag) shows it.
 */

/** Who writes a change down, in its transaction: the row before (null: created) and after (null: deleted). */
export type RegistoTexto<V> = (trx: DatabaseTransaction, antes: V | null, depois: V | null) => Promise<void>

export interface GestaoTextosDeps {
  db: Database
  clock: Clock
  /** Called after each commit with the cache tag of the content it changed. */
  invalidar: (tag: string) => void
}

type Tabela = 'faq_categorias' | 'faq_perguntas' | 'informacao_legal'

/** The columns the three tables share, and those of the two with a text (a category has none of them). */
interface LinhaTable {
  id: Generated<number>
  tag: string
  title: string
  posicao: number
  despublicado_em: string | null
  categoria_id: number
  title_detail: string
  text: string
}
type Linha = { [K in keyof LinhaTable]: K extends 'id' ? number : LinhaTable[K] }
/** The legal texts' own columns (migration 2026-12-03T0500): their last relevant change. */
type InformacaoLegalRelevante = Pick<InformacaoLegalTable, 'versao_relevante' | 'o_que_mudou' | 'relevante_em'>
const tabelas = (db: Database) => db as unknown as Kysely<Record<Tabela, LinhaTable>>

/** The legal texts accepted at sign-up (their version is recorded with the consent): never off the app. */
const LEGAIS_OBRIGATORIOS: readonly string[] = [TERMOS_TAG, POLITICA_PRIVACIDADE_TAG]

/** A legal text's version, as a consent records it: its title and text, hashed (any edit is a new version). */
export const versaoLegal = (row: { title: string; text: string }) =>
  `sha256:${sha256(`${row.title}\n${row.text}`).slice(0, 12)}`

interface Tipo<D, V> {
  tabela: Tabela
  cache: string
  naoExiste: string
  colunas: (dados: D) => Partial<Linha>
  vista: (row: Linha) => V
  /** Where a tag must be unique: the whole table, or the question's category. */
  mesmaTag: (dados: D) => { categoria_id?: number }
  tagExistente: string
  /** Refuses a change the content must not take (409), before anything is written. */
  recusar?: (antes: Linha, mudanca: 'despublicar' | 'apagar', trx: Database) => Promise<string | null>
  /** Refuses an edit the content must not take (409). */
  recusarEdicao?: (antes: Linha, dados: D) => string | null
  /** Checks the data (a question's category exists) inside the transaction. */
  validar?: (dados: D, trx: Database) => Promise<void>
  /** Writes what goes with a saved row (a legal text's relevant change), in the same transaction. */
  aposGravar?: (trx: Database, id: number, dados: D) => Promise<void>
}

const publicacao = (row: Linha) => ({
  id: row.id,
  tag: row.tag,
  title: row.title,
  posicao: row.posicao,
  publicada: row.despublicado_em === null,
  despublicado_em: row.despublicado_em,
})

const conflito = (mensagem: string, campo?: string) =>
  new HttpError(409, mensagem, 'Alteração recusada', campo ? { [campo]: mensagem } : undefined)

function createGestao<D, V>({ db, clock, invalidar }: GestaoTextosDeps, tipo: Tipo<D, V>) {
  const { tabela } = tipo
  const find = (trx: Database, id: number) =>
    tabelas(trx).selectFrom(tabela).selectAll().where('id', '=', id).executeTakeFirst() as Promise<Linha | undefined>

  async function semTagDeOutra(trx: Database, dados: D, id: number | null) {
    const { tag } = tipo.colunas(dados)
    const ambito = tipo.mesmaTag(dados)
    let q = tabelas(trx)
      .selectFrom(tabela)
      .select('id')
      .where('tag', '=', tag as string)
    if (ambito.categoria_id !== undefined) q = q.where('categoria_id', '=', ambito.categoria_id)
    const outra = await q.executeTakeFirst()
    if (outra && outra.id !== id) throw conflito(tipo.tagExistente, 'tag')
  }

  async function alterar(
    id: number | null,
    mudar: (trx: Database, antes: Linha | undefined) => Promise<number | null>,
    registar?: RegistoTexto<V>,
  ): Promise<V | null> {
    try {
      const depois = await db.transaction().execute(async (trx) => {
        const row = id === null ? undefined : await find(trx, id)
        if (id !== null && !row) throw notFound(tipo.naoExiste)
        const antes = row ? tipo.vista(row) : null
        const alterada = await mudar(trx, row)
        const nova = alterada === null ? undefined : await find(trx, alterada)
        const resultado = nova ? tipo.vista(nova) : null
        await registar?.(trx, antes, resultado)
        return resultado
      })
      invalidar(tipo.cache)
      return depois
    } catch (error) {
      if (isUniqueViolation(error)) throw conflito(tipo.tagExistente, 'tag')
      throw error
    }
  }

  const recusa = async (trx: Database, antes: Linha | undefined, mudanca: 'despublicar' | 'apagar') => {
    const motivo = antes && (await tipo.recusar?.(antes, mudanca, trx))
    if (motivo) throw conflito(motivo)
  }

  return {
    async listar(): Promise<V[]> {
      const rows = await tabelas(db).selectFrom(tabela).selectAll().orderBy('posicao').orderBy('id').execute()
      return (rows as Linha[]).map(tipo.vista)
    },

    /** A new row, not on the customer's screens (a draft) until it is published. */
    async criar(dados: D, registar?: RegistoTexto<V>): Promise<V> {
      const criada = await alterar(
        null,
        async (trx) => {
          await tipo.validar?.(dados, trx)
          await semTagDeOutra(trx, dados, null)
          const row = await tabelas(trx)
            .insertInto(tabela)
            .values({ ...tipo.colunas(dados), despublicado_em: isoNow(clock) } as Insertable<LinhaTable>)
            .returning('id')
            .executeTakeFirstOrThrow()
          await tipo.aposGravar?.(trx, row.id, dados)
          return row.id
        },
        registar,
      )
      return criada as V
    },

    async editar(id: number, dados: D, registar?: RegistoTexto<V>): Promise<V> {
      const editada = await alterar(
        id,
        async (trx, antes) => {
          const motivo = antes && tipo.recusarEdicao?.(antes, dados)
          if (motivo) throw conflito(motivo, 'tag')
          await tipo.validar?.(dados, trx)
          await semTagDeOutra(trx, dados, id)
          await tabelas(trx).updateTable(tabela).set(tipo.colunas(dados)).where('id', '=', id).execute()
          await tipo.aposGravar?.(trx, id, dados)
          return id
        },
        registar,
      )
      return editada as V
    },

    /** On or off the customer's screens; the same state again changes nothing. */
    async publicar(id: number, publicada: boolean, registar?: RegistoTexto<V>): Promise<V> {
      const alterada = await alterar(
        id,
        async (trx, antes) => {
          if ((antes?.despublicado_em === null) === publicada) return id
          if (!publicada) await recusa(trx, antes, 'despublicar')
          await tabelas(trx)
            .updateTable(tabela)
            .set({ despublicado_em: publicada ? null : isoNow(clock) })
            .where('id', '=', id)
            .execute()
          return id
        },
        registar,
      )
      return alterada as V
    },

    async apagar(id: number, registar?: RegistoTexto<V>): Promise<void> {
      await alterar(
        id,
        async (trx, antes) => {
          await recusa(trx, antes, 'apagar')
          await tabelas(trx).deleteFrom(tabela).where('id', '=', id).execute()
          return null
        },
        registar,
      )
    },
  }
}

const comDetalhe = (dados: { title: string; title_detail: string | null; text: string }) => ({
  title: dados.title,
  title_detail: dados.title_detail ?? dados.title,
  // Only the subset of HTML the app serves is kept (the customer's reads sanitise again).
  text: sanitizeHtml(dados.text),
})

export function createGestaoTextos(deps: GestaoTextosDeps) {
  const categorias = createGestao<CategoriaFaqDados, CategoriaFaqStaff>(deps, {
    tabela: 'faq_categorias',
    cache: CONTEUDOS_CACHE_TAGS.perguntasFrequentes,
    naoExiste: textosMensagens.categoriaNaoExiste,
    colunas: (d) => ({ tag: d.tag, title: d.title, posicao: d.posicao }),
    vista: publicacao,
    mesmaTag: () => ({}),
    tagExistente: textosMensagens.tagExistente,
    async recusar(antes, mudanca, trx) {
      if (mudanca !== 'apagar') return null
      const pergunta = await tabelas(trx)
        .selectFrom('faq_perguntas')
        .select('id')
        .where('categoria_id', '=', antes.id)
        .executeTakeFirst()
      return pergunta ? textosMensagens.categoriaComPerguntas : null
    },
  })

  const perguntas = createGestao<PerguntaFaqDados, PerguntaFaqStaff>(deps, {
    tabela: 'faq_perguntas',
    cache: CONTEUDOS_CACHE_TAGS.perguntasFrequentes,
    naoExiste: textosMensagens.perguntaNaoExiste,
    colunas: (d) => ({ categoria_id: d.categoria_id, tag: d.tag, posicao: d.posicao, ...comDetalhe(d) }),
    vista: (row) => ({
      ...publicacao(row),
      categoria_id: row.categoria_id,
      title_detail: row.title_detail,
      text: row.text,
    }),
    mesmaTag: (d) => ({ categoria_id: d.categoria_id }),
    tagExistente: textosMensagens.tagExistenteCategoria,
    async validar(dados, trx) {
      const categoria = await tabelas(trx)
        .selectFrom('faq_categorias')
        .select('id')
        .where('id', '=', dados.categoria_id)
        .executeTakeFirst()
      if (!categoria) {
        throw new HttpError(400, textosMensagens.categoriaNaoExiste, 'Categoria inválida', {
          categoria_id: textosMensagens.categoriaNaoExiste,
        })
      }
    },
  })

  const legais = createGestao<LegalDados, LegalStaff>(deps, {
    tabela: 'informacao_legal',
    cache: CONTEUDOS_CACHE_TAGS.informacaoLegal,
    naoExiste: textosMensagens.legalNaoExiste,
    colunas: (d) => ({ tag: d.tag, posicao: d.posicao, ...comDetalhe(d) }),
    vista: (row) => {
      const { versao_relevante, o_que_mudou, relevante_em } = row as Linha & InformacaoLegalRelevante
      return {
        ...publicacao(row),
        title_detail: row.title_detail,
        text: row.text,
        obrigatorio: LEGAIS_OBRIGATORIOS.includes(row.tag),
        alteracao_relevante:
          versao_relevante && relevante_em
            ? { versao: versao_relevante, o_que_mudou: o_que_mudou ?? '', em: relevante_em }
            : null,
      }
    },
    mesmaTag: () => ({}),
    tagExistente: textosMensagens.tagExistente,
    recusar: async (antes) => (LEGAIS_OBRIGATORIOS.includes(antes.tag) ? textosMensagens.legalObrigatorio : null),
    // A text accepted at sign-up keeps its tag: the consent's version and the app's fixed routes find it by it.
    recusarEdicao: (antes, dados) =>
      LEGAIS_OBRIGATORIOS.includes(antes.tag) && dados.tag !== antes.tag ? textosMensagens.legalTagFixa : null,
    // A relevant change: the version just saved is the one every customer accepts again (docs/decisions/0033). An
    // edit not marked relevant (a typo) leaves the last relevant change as it was: nobody is asked for it.
    async aposGravar(trx, id, dados) {
      if (!dados.relevante) return
      if (!LEGAIS_OBRIGATORIOS.includes(dados.tag)) throw fieldError('relevante', termosMensagens.soTextosAceites)
      const row = await trx
        .selectFrom('informacao_legal')
        .select(['title', 'text'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      await trx
        .updateTable('informacao_legal')
        .set({ versao_relevante: versaoLegal(row), o_que_mudou: dados.o_que_mudou, relevante_em: isoNow(deps.clock) })
        .where('id', '=', id)
        .execute()
    },
  })

  return {
    categorias,
    perguntas,
    legais,
    /** What the app would show of a text: the same sanitiser as the customer's reads. */
    preVisualizar: (text: string): string => sanitizeHtml(text),
  }
}

export type GestaoTextos = ReturnType<typeof createGestaoTextos>
