import type { Selectable } from 'kysely'
import { type CampanhaDados, type CampanhaStaff, campanhasMensagens } from '../../../shared/campanhas-gestao.ts'
import type { CampanhasTable } from '../../db/schema.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { type Database, type DatabaseTransaction, isUniqueViolation } from '../../platform/db.ts'
import { fieldError, HttpError, notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import { imagemExistente } from '../../platform/images.ts'
import { createConteudosRepository } from './repository.ts'

/** Who writes a campaign's change down, in its transaction (the back-office's audit entry): before and after. */
export type RegistoCampanha = (
  trx: DatabaseTransaction,
  antes: CampanhaStaff | null,
  depois: CampanhaStaff | null,
) => Promise<void>

export interface GestaoCampanhasDeps {
  db: Database
  clock: Clock
  /** Called after each commit that changed a campaign: the customer's next read must show it (the read cache). */
  aoAlterar: () => void
  /** Whether a promotion exists (features/fidelizacao), for a campaign that announces one; read before the change. */
  promocaoExiste: (id: number) => Promise<boolean>
}

type Repo = ReturnType<typeof createConteudosRepository>

const tagExistente = () =>
  new HttpError(409, campanhasMensagens.tagExistente, 'Identificador em uso', { tag: campanhasMensagens.tagExistente })

/**
 * The staff's side of the campaigns, as novidades-gestao.ts is of the news items: every campaign; create (as a draft),
 * edit, publish, take off, delete. Each change is one transaction with its record, and the read cache forgets the
 * campaigns after it.
 */
export function createGestaoCampanhas({ db, clock, aoAlterar, promocaoExiste }: GestaoCampanhasDeps) {
  const vista = (row: Selectable<CampanhasTable>): CampanhaStaff => ({
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
    termina_em: row.termina_em,
    promocao_id: row.promocao_id,
    terminada: row.termina_em !== null && Date.parse(row.termina_em) <= clock.now().getTime(),
  })

  const colunas = (dados: CampanhaDados) => ({
    tag: dados.tag,
    title: dados.title,
    // The page's own heading, when the staff gave one: a save never overwrites it with the list's title.
    title_detail: dados.title_detail ?? dados.title,
    subtitle: dados.subtitle,
    text: sanitizeHtml(dados.text),
    destaque: dados.destaque ? 1 : 0,
    posicao: dados.posicao,
    termina_em: dados.termina_em === null ? null : new Date(dados.termina_em).toISOString(),
    promocao_id: dados.promocao_id,
  })

  /** The promotion it announces exists (422 with the field named otherwise). */
  const promocaoValida = async (dados: CampanhaDados) => {
    if (dados.promocao_id !== null && !(await promocaoExiste(dados.promocao_id))) {
      throw fieldError('promocao_id', campanhasMensagens.promocaoNaoExiste)
    }
  }

  /** A new end must be ahead; an end left as it was (past or not) may stay. */
  const fimValido = (dados: CampanhaDados, antes: CampanhaStaff | null) => {
    if (dados.termina_em === null) return
    const fim = new Date(dados.termina_em).toISOString()
    if (antes?.termina_em === fim) return
    if (Date.parse(fim) <= clock.now().getTime()) {
      throw new HttpError(400, campanhasMensagens.fimNoPassado, 'Data inválida', {
        termina_em: campanhasMensagens.fimNoPassado,
      })
    }
  }

  const imagens = async (trx: Database, dados: CampanhaDados, antes: CampanhaStaff | null) => {
    if (antes && dados.imagem === antes.imagem) return {}
    if (dados.imagem !== null) await imagemExistente(trx, dados.imagem)
    return { image_list: dados.imagem, image_detail: dados.imagem }
  }

  const semTagDeOutra = async (repo: Repo, tag: string, id: number | null) => {
    const outra = await repo.findCampanhaIdByTag(tag)
    if (outra && outra.id !== id) throw tagExistente()
  }

  async function alterar(
    id: number | null,
    mudar: (repo: Repo, antes: CampanhaStaff | null, trx: Database) => Promise<number | null>,
    registar?: RegistoCampanha,
  ): Promise<CampanhaStaff | null> {
    try {
      const depois = await db.transaction().execute(async (trx) => {
        const repo = createConteudosRepository(trx)
        const row = id === null ? undefined : await repo.findCampanha(id)
        if (id !== null && !row) throw notFound(campanhasMensagens.naoExiste)
        const antes = row ? vista(row) : null
        const alterada = await mudar(repo, antes, trx)
        const nova = alterada === null ? undefined : await repo.findCampanha(alterada)
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

  return {
    async listar(): Promise<CampanhaStaff[]> {
      return (await createConteudosRepository(db).listCampanhasTodas()).map(vista)
    },

    async criar(dados: CampanhaDados, registar?: RegistoCampanha): Promise<CampanhaStaff> {
      await promocaoValida(dados)
      const criada = await alterar(
        null,
        async (repo, _antes, trx) => {
          fimValido(dados, null)
          await semTagDeOutra(repo, dados.tag, null)
          const now = isoNow(clock)
          const imagem = await imagens(trx, dados, null)
          return repo.insertCampanha({ ...colunas(dados), ...imagem, publicado_em: now, despublicado_em: now })
        },
        registar,
      )
      return criada as CampanhaStaff
    },

    async editar(id: number, dados: CampanhaDados, registar?: RegistoCampanha): Promise<CampanhaStaff> {
      await promocaoValida(dados)
      const editada = await alterar(
        id,
        async (repo, antes, trx) => {
          fimValido(dados, antes)
          await semTagDeOutra(repo, dados.tag, id)
          await repo.updateCampanha(id, { ...colunas(dados), ...(await imagens(trx, dados, antes)) })
          return id
        },
        registar,
      )
      return editada as CampanhaStaff
    },

    async publicar(id: number, publicada: boolean, registar?: RegistoCampanha): Promise<CampanhaStaff> {
      const alterada = await alterar(
        id,
        async (repo, antes) => {
          if (antes?.publicada === publicada) return id
          const now = isoNow(clock)
          await repo.updateCampanha(
            id,
            publicada ? { publicado_em: now, despublicado_em: null } : { despublicado_em: now },
          )
          return id
        },
        registar,
      )
      return alterada as CampanhaStaff
    },

    async apagar(id: number, registar?: RegistoCampanha): Promise<void> {
      await alterar(
        id,
        async (repo) => {
          await repo.deleteCampanha(id)
          return null
        },
        registar,
      )
    },
  }
}

export type GestaoCampanhas = ReturnType<typeof createGestaoCampanhas>
