import { pathKey } from '../../lib/query.tsx'

/** Query keys of the content screens: public reads, each under its own path (lib/query.tsx `pathKey`). */
export const conteudosKeys = {
  novidades: () => pathKey('/api/novidades'),
  novidade: (tag: string) => pathKey(`/api/novidades/${encodeURIComponent(tag)}`),
  campanhas: () => pathKey('/api/campanhas'),
  campanha: (tag: string) => pathKey(`/api/campanhas/${encodeURIComponent(tag)}`),
  perguntasFrequentes: () => pathKey('/api/perguntas-frequentes'),
  categoriaFaq: (tag: string) => pathKey(`/api/perguntas-frequentes/${encodeURIComponent(tag)}`),
  informacaoLegal: () => pathKey('/api/informacao-legal'),
  informacaoConsumidor: () => pathKey('/api/informacao-consumidor'),
}
