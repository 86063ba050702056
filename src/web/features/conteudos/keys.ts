import { apiReads } from '../../../shared/page-reads.ts'
import { pathKey } from '../../lib/query.tsx'

/** Query keys of the content screens: public reads, each under its own path (lib/query.tsx `pathKey`). */
export const conteudosKeys = {
  novidades: () => pathKey(apiReads.novidades()),
  novidade: (tag: string) => pathKey(apiReads.novidade(tag)),
  campanhas: () => pathKey(apiReads.campanhas()),
  campanha: (tag: string) => pathKey(apiReads.campanha(tag)),
  perguntasFrequentes: () => pathKey('/api/perguntas-frequentes'),
  categoriaFaq: (tag: string) => pathKey(`/api/perguntas-frequentes/${encodeURIComponent(tag)}`),
  informacaoLegal: () => pathKey('/api/informacao-legal'),
  informacaoConsumidor: () => pathKey(apiReads.informacaoConsumidor()),
}
