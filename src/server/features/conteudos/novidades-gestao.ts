import type { Selectable } from 'kysely'
import type { NovidadeDados, NovidadeStaff } from '../../../shared/novidades-gestao.ts'
import { novidadesMensagens } from '../../../shared/novidades-gestao.ts'
import type { NovidadesTable } from '../../db/schema.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { type Database, type DatabaseTransaction, isUniqueViolation } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import { imagemExistente } from '../../platform/images.ts'
import { createConteudosRepository } from './repository.ts'

/**
 * Who writes a news item down with the change, in its transaction (the back-office's audit entry): the item before
 * (null when created) and after (null when deleted).
 */
export type RegistoNovidade = (
  trx: DatabaseTransaction,
  antes: NovidadeStaff | null,
  depois: NovidadeStaff | null,
) => Promise<void>

export interface GestaoNovidadesDeps {
  db: Database
  clock: Clock
  /** Called after each commit that changed a news item: the customer's next read must show it (the read cache). */
  aoAlterar: () => void
}

const vista = (row: Selectable<NovidadesTable>): NovidadeStaff => ({
  id: row.id,
  tag: row.tag,
  title: row.title,
  title_detail: row.title_detail,
  subtitle: row.subtitle,
  text: row.text,
  destaque: row.destaque === 1,
  posicao: row.posicao,
  publicada: row.despublicado_em === null,
  publicado_em: row.publicado_em,
  despublicado_em: row.despublicado_em,
  imagem: row.image_detail ?? row.image_list,
})

const tagExistente = () =>
  new HttpError(409, novidadesMensagens.tagExistente, 'Identificador em uso', { tag: novidadesMensagens.tagExistente })

/**
 * The staff's side of the news items: every item, published or not; create (as a draft), edit, publish, take off,
 * delete. Each change is one transaction with its record (`registar`), and the read cache forgets the news after it.
 */
export function createGestaoNovidades({ db, clock, aoAlterar }: GestaoNovidadesDeps) {
  const colunas = (dados: NovidadeDados) => ({
    tag: dados.tag,
    title: dados.title,
    // The page's own heading, when the staff gave one: a save never overwrites it with the list's title.
    title_detail: dados.title_detail ?? dados.title,
    subtitle: dados.subtitle,
    // Only the subset of HTML the app serves is kept (the customer's reads sanitise again).
    text: sanitizeHtml(dados.text),
    destaque: dados.destaque ? 1 : 0,
    posicao: dados.posicao,
  })

  /**
   * The image columns of a change: one upload shows in the list and on the page; an image left as it was keeps both
   * of its columns (the seed's items have one of each).
   */
  const imagens = async (trx: Database, dados: NovidadeDados, antes: NovidadeStaff | null) => {
    if (antes && dados.imagem === antes.imagem) return {}
    if (dados.imagem !== null) await imagemExistente(trx, dados.imagem)
    return { image_list: dados.imagem, image_detail: dados.imagem }
  }

  /** One change: its transaction, its record, then the cache; a tag taken (checked or raced) is a 409 on `tag`. */
  async function alterar(
    id: number | null,
    mudar: (
      repo: ReturnType<typeof createConteudosRepository>,
      antes: NovidadeStaff | null,
      trx: Database,
    ) => Promise<number | null>,
    registar?: RegistoNovidade,
  ): Promise<NovidadeStaff | null> {
    try {
      const depois = await db.transaction().execute(async (trx) => {
        const repo = createConteudosRepository(trx)
        const row = id === null ? undefined : await repo.findNovidade(id)
        if (id !== null && !row) throw notFound(novidadesMensagens.naoExiste)
        const antes = row ? vista(row) : null
        const alterada = await mudar(repo, antes, trx)
        const nova = alterada === null ? undefined : await repo.findNovidade(alterada)
        const resultado = nova ? vista(nova) : null
        await registar?.(trx, antes, resultado)
        return resultado
      })
      aoAlterar()
      return depois
    } catch (error) {
      if (isUniqueViolation(error)) throw tagExistente()
      throw error
    }
  }

  const semTagDeOutra = async (repo: ReturnType<typeof createConteudosRepository>, tag: string, id: number | null) => {
    const outra = await repo.findNovidadeByTag(tag)
    if (outra && outra.id !== id) throw tagExistente()
  }

  return {
    async listar(): Promise<NovidadeStaff[]> {
      return (await createConteudosRepository(db).listNovidadesTodas()).map(vista)
    },

    /** A new item, not yet on the customer's screens (a draft) until it is published. */
    async criar(dados: NovidadeDados, registar?: RegistoNovidade): Promise<NovidadeStaff> {
      const criada = await alterar(
        null,
        async (repo, _antes, trx) => {
          await semTagDeOutra(repo, dados.tag, null)
          const now = isoNow(clock)
          const imagem = await imagens(trx, dados, null)
          return repo.insertNovidade({ ...colunas(dados), ...imagem, publicado_em: now, despublicado_em: now })
        },
        registar,
      )
      return criada as NovidadeStaff
    },

    async editar(id: number, dados: NovidadeDados, registar?: RegistoNovidade): Promise<NovidadeStaff> {
      const editada = await alterar(
        id,
        async (repo, antes, trx) => {
          await semTagDeOutra(repo, dados.tag, id)
          await repo.updateNovidade(id, { ...colunas(dados), ...(await imagens(trx, dados, antes)) })
          return id
        },
        registar,
      )
      return editada as NovidadeStaff
    },

    /** On (dated now, when it was off) or off the customer's screens; the same state again changes nothing. */
    async publicar(id: number, publicada: boolean, registar?: RegistoNovidade): Promise<NovidadeStaff> {
      const alterada = await alterar(
        id,
        async (repo, antes) => {
          if (antes?.publicada === publicada) return id
          const now = isoNow(clock)
          await repo.updateNovidade(
            id,
            publicada ? { publicado_em: now, despublicado_em: null } : { despublicado_em: now },
          )
          return id
        },
        registar,
      )
      return alterada as NovidadeStaff
    },

    async apagar(id: number, registar?: RegistoNovidade): Promise<void> {
      await alterar(
        id,
        async (repo) => {
          await repo.deleteNovidade(id)
          return null
        },
        registar,
      )
    },
  }
}

export type GestaoNovidades = ReturnType<typeof createGestaoNovidades>
