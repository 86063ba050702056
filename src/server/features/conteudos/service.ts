import type {
  CategoriaFaq,
  InformacaoLegal,
  InformacaoLegalResumo,
  Novidade,
  NovidadeResumo,
  Pergunta,
} from '../../../shared/conteudos.ts'
import type { FaqPerguntasTable } from '../../db/schema.ts'
import { notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import type { ConteudosRepository, ConteudoTable } from './repository.ts'

type PerguntaRow = Omit<FaqPerguntasTable, 'id' | 'posicao'> & { id: number }

const toPergunta = (row: PerguntaRow): Pergunta => ({
  id: row.id,
  tag: row.tag,
  title: row.title,
  titleDetail: row.title_detail,
  text: sanitizeHtml(row.text),
})

export function createConteudosService(repository: ConteudosRepository) {
  async function listConteudo(table: ConteudoTable): Promise<NovidadeResumo[]> {
    const rows = await repository.listConteudo(table)
    return rows.map((row) => ({
      id: row.id,
      tag: row.tag,
      title: row.title,
      subtitle: row.subtitle,
      destaque: row.destaque === 1,
      image: { list: row.image_list },
    }))
  }

  async function getConteudo(table: ConteudoTable, tag: string, missing: string): Promise<Novidade> {
    const row = await repository.findConteudoByTag(table, tag)
    if (!row) throw notFound(missing)
    return {
      id: row.id,
      tag: row.tag,
      title: row.title,
      titleDetail: row.title_detail,
      subtitle: row.subtitle,
      text: sanitizeHtml(row.text),
      destaque: row.destaque === 1,
      image: { list: row.image_list, detail: row.image_detail },
    }
  }

  return {
    listNovidades: () => listConteudo('novidades'),
    getNovidade: (tag: string) => getConteudo('novidades', tag, 'Esta novidade não existe.'),
    listCampanhas: () => listConteudo('campanhas'),
    getCampanha: (tag: string) => getConteudo('campanhas', tag, 'Esta campanha não existe.'),

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
  }
}

export type ConteudosService = ReturnType<typeof createConteudosService>
