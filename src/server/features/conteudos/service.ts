import { POLITICA_PRIVACIDADE_TAG, TERMOS_TAG } from '../../../shared/constants.ts'
import type {
  AnuncioPromocao,
  Campanha,
  CategoriaFaq,
  InformacaoLegal,
  InformacaoLegalResumo,
  Novidade,
  NovidadeResumo,
  Pergunta,
} from '../../../shared/conteudos.ts'
import { paths } from '../../../shared/routes.ts'
import type { TextoPorAceitar } from '../../../shared/termos.ts'
import type { FaqPerguntasTable, NovidadesTable } from '../../db/schema.ts'
import { type Clock, isoNow } from '../../platform/clock.ts'
import { notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import { createGestaoCampanhas } from './campanhas-gestao.ts'
import { createInformacaoConsumidor } from './informacao-consumidor.ts'
import { createGestaoNovidades, type GestaoNovidadesDeps } from './novidades-gestao.ts'
import type { ConteudosRepository, ConteudoTable } from './repository.ts'
import { createGestaoTextos, type GestaoTextosDeps, versaoLegal } from './textos-gestao.ts'

export type { RegistoCampanha } from './campanhas-gestao.ts'
export type { RegistoInformacaoConsumidor } from './informacao-consumidor.ts'
export type { RegistoNovidade } from './novidades-gestao.ts'
export type { RegistoTexto } from './textos-gestao.ts'

/** A text customers accept, whose last relevant change they must accept (features/conta asks them). */
export type AlteracaoRelevante = TextoPorAceitar

type PerguntaRow = Omit<FaqPerguntasTable, 'id' | 'posicao'> & { id: number }

const toPergunta = (row: PerguntaRow): Pergunta => ({
  id: row.id,
  tag: row.tag,
  title: row.title,
  titleDetail: row.title_detail,
  text: sanitizeHtml(row.text),
})

type ResumoRow = Pick<NovidadesTable, 'tag' | 'title' | 'subtitle' | 'image_list'> & { id: number; destaque: number }
type ConteudoRow = Omit<NovidadesTable, 'id' | 'destaque' | 'posicao' | 'despublicado_em'> & {
  id: number
  destaque: number
}

const toResumo = (row: ResumoRow): NovidadeResumo => ({
  id: row.id,
  tag: row.tag,
  title: row.title,
  subtitle: row.subtitle,
  destaque: row.destaque === 1,
  image: { list: row.image_list },
})

const toConteudo = (row: ConteudoRow): Novidade => ({
  id: row.id,
  tag: row.tag,
  title: row.title,
  titleDetail: row.title_detail,
  subtitle: row.subtitle,
  text: sanitizeHtml(row.text),
  destaque: row.destaque === 1,
  image: { list: row.image_list, detail: row.image_detail },
})

/** What a campaign's answer carries beyond its fields: when it ends (the read cache keeps it until then, no longer). */
export interface ComFim {
  terminaEm: string | null
}

export function createConteudosService(
  repository: ConteudosRepository,
  clock: Clock,
  gestao: Omit<GestaoNovidadesDeps, 'clock'> &
    Pick<GestaoTextosDeps, 'invalidar'> & {
      /** Called after each commit that changed a campaign (the read cache forgets the campaigns). */
      aoAlterarCampanhas: () => void
      /** The promotions campaigns announce (features/fidelizacao): whether one exists, and what the app says of it. */
      promocoes: {
        existe(id: number): Promise<boolean>
        /** What the app says of it, and until when (its end, when the campaign stops promising it). */
        anuncio(id: number): Promise<{ anuncio: AnuncioPromocao; ate: string } | null>
      }
    },
) {
  async function listConteudo(table: ConteudoTable): Promise<NovidadeResumo[]> {
    return (await repository.listConteudo(table)).map(toResumo)
  }

  async function getConteudo(table: ConteudoTable, tag: string, missing: string): Promise<Novidade> {
    const row = await repository.findConteudoByTag(table, tag)
    if (!row) throw notFound(missing)
    return toConteudo(row)
  }

  return {
    /** The back-office's news items (published or not) and their changes. */
    novidades: createGestaoNovidades({ db: gestao.db, aoAlterar: gestao.aoAlterar, clock }),
    /** The back-office's FAQ and legal contents (published or not), their changes and the sanitiser's preview. */
    textos: createGestaoTextos({ db: gestao.db, clock, invalidar: gestao.invalidar }),
    /** The back-office's campaigns (published or not, ended or not) and their changes. */
    campanhas: createGestaoCampanhas({
      db: gestao.db,
      aoAlterar: gestao.aoAlterarCampanhas,
      clock,
      promocaoExiste: (id) => gestao.promocoes.existe(id),
    }),
    /** The arbitration entity and the accessibility contact: the customers' read, and the back-office's change. */
    informacaoConsumidor: createInformacaoConsumidor({ db: gestao.db, clock, invalidar: gestao.invalidar }),

    listNovidades: () => listConteudo('novidades'),
    getNovidade: (tag: string) => getConteudo('novidades', tag, 'Esta novidade não existe.'),

    /** The campaigns still running: one past its end leaves the list, and its own page answers 404. */
    async listCampanhas(): Promise<(NovidadeResumo & ComFim)[]> {
      const rows = await repository.listCampanhas(isoNow(clock))
      return rows.map((row) => ({ ...toResumo(row), terminaEm: row.termina_em }))
    },

    async getCampanha(tag: string): Promise<Campanha & ComFim> {
      const row = await repository.findCampanhaByTag(tag, isoNow(clock))
      if (!row) throw notFound('Esta campanha não existe.')
      const promocao = row.promocao_id === null ? null : await gestao.promocoes.anuncio(row.promocao_id)
      // The read cache keeps the page until the campaign or its promotion ends, whichever is first.
      const fins = [row.termina_em, promocao?.ate].filter((f): f is string => f !== null && f !== undefined)
      const terminaEm = fins.length > 0 ? new Date(Math.min(...fins.map(Date.parse))).toISOString() : null
      return { ...toConteudo(row), promocao: promocao?.anuncio ?? null, terminaEm }
    },

    async listCategoriasFaq(): Promise<CategoriaFaq[]> {
      const categorias = await repository.listCategoriasFaq()
      const perguntas = await repository.listPerguntas(categorias.map((c) => c.id))
      return categorias.map((c) => ({
        id: c.id,
        tag: c.tag,
        title: c.title,
        perguntas: perguntas.filter((p) => p.categoria_id === c.id).map(toPergunta),
      }))
    },

    async getCategoriaFaq(tag: string): Promise<CategoriaFaq> {
      const categoria = await repository.findCategoriaFaqByTag(tag)
      if (!categoria) throw notFound('Não existe categoria')
      const perguntas = await repository.listPerguntas([categoria.id])
      return { id: categoria.id, tag: categoria.tag, title: categoria.title, perguntas: perguntas.map(toPergunta) }
    },

    async listInformacaoLegal(): Promise<InformacaoLegalResumo[]> {
      return repository.listInformacaoLegal()
    },

    async getInformacaoLegal(tag: string): Promise<InformacaoLegal> {
      const row = await repository.findInformacaoLegalByTag(tag)
      if (!row) throw notFound('Este conteúdo não existe.')
      return { id: row.id, tag: row.tag, title: row.title, titleDetail: row.title_detail, text: sanitizeHtml(row.text) }
    },

    /**
     * The version of a legal text a consent is given to (features/conta records it): a digest of the text as it stands,
     * so that any change of the terms or the policy is a new version, and the record says which text was accepted.
     * `VERSAO_SEM_TEXTO` when the text is not published.
     */
    async versaoInformacaoLegal(tag: string): Promise<string> {
      const row = await repository.findInformacaoLegalByTag(tag)
      return row ? versaoLegal(row) : VERSAO_SEM_TEXTO
    },

    /**
     * The published texts customers accept (terms, privacy) whose last relevant change asks them to accept again
     * (docs/decisions/0033): what changed, since when, and the version now published.
     */
    async alteracoesRelevantes(): Promise<AlteracaoRelevante[]> {
      const alteracoes: AlteracaoRelevante[] = []
      for (const [tipo, tag, ligacao] of [
        ['termos', TERMOS_TAG, paths.termos],
        ['privacidade', POLITICA_PRIVACIDADE_TAG, paths.politicaDePrivacidade],
      ] as const) {
        const row = await repository.findInformacaoLegalByTag(tag)
        if (!row?.versao_relevante || !row.relevante_em) continue
        alteracoes.push({
          tipo,
          titulo: row.title,
          versao: versaoLegal(row),
          o_que_mudou: row.o_que_mudou ?? '',
          publicado_em: row.relevante_em,
          ligacao,
        })
      }
      return alteracoes
    },
  }
}

export const VERSAO_SEM_TEXTO = 'sem-texto'

export type ConteudosService = ReturnType<typeof createConteudosService>
