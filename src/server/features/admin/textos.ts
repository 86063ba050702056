import type { Clock } from '../../platform/clock.ts'
import type { ConteudosService, RegistoTexto } from '../conteudos/service.ts'
import { atorDe, auditar, type Staff } from './context.ts'

/**
 * The FAQ (categories and questions) and the legal contents in the back-office (admin and gestor): features/conteudos
 * owns them and their tables; each change is made by its service, and the audit entry is written in the change's own
 * transaction (the `registo` it calls). Entities: `faq_categoria`, `faq_pergunta`, `conteudo_legal`.
 */
export function createAdminTextos(conteudos: ConteudosService, clock: Clock) {
  const { textos } = conteudos

  function gestao<D, V extends { id: number }>(
    entidade: string,
    g: {
      listar: () => Promise<V[]>
      criar: (d: D, r: RegistoTexto<V>) => Promise<V>
      editar: (id: number, d: D, r: RegistoTexto<V>) => Promise<V>
      publicar: (id: number, p: boolean, r: RegistoTexto<V>) => Promise<V>
      apagar: (id: number, r: RegistoTexto<V>) => Promise<void>
    },
  ): GestaoAdmin<D, V> {
    const registo =
      (staff: Staff, ip: string, acao: string): RegistoTexto<V> =>
      (trx, antes, depois) =>
        auditar(trx, clock, atorDe(staff, ip), {
          acao: `${entidade}.${acao}`,
          entidade,
          entidadeId: (depois ?? antes)?.id ?? null,
          ...(antes ? { antes } : {}),
          ...(depois ? { depois } : {}),
        })
    return {
      listar: () => g.listar(),
      criar: (staff: Staff, dados: D, ip: string) => g.criar(dados, registo(staff, ip, 'criar')),
      editar: (staff: Staff, id: number, dados: D, ip: string) => g.editar(id, dados, registo(staff, ip, 'editar')),
      publicar: (staff: Staff, id: number, publicada: boolean, ip: string) =>
        g.publicar(id, publicada, registo(staff, ip, publicada ? 'publicar' : 'despublicar')),
      apagar: (staff: Staff, id: number, ip: string) => g.apagar(id, registo(staff, ip, 'apagar')),
    }
  }

  return {
    categorias: gestao('faq_categoria', textos.categorias),
    perguntas: gestao('faq_pergunta', textos.perguntas),
    legais: gestao('conteudo_legal', textos.legais),
    preVisualizar: (text: string) => textos.preVisualizar(text),
  }
}

export type AdminTextos = ReturnType<typeof createAdminTextos>

/** One kind of text as the back-office's routes call it (`D` what the form sends, `V` what the staff see). */
export interface GestaoAdmin<D, V> {
  listar: () => Promise<V[]>
  criar: (staff: Staff, dados: D, ip: string) => Promise<V>
  editar: (staff: Staff, id: number, dados: D, ip: string) => Promise<V>
  publicar: (staff: Staff, id: number, publicada: boolean, ip: string) => Promise<V>
  apagar: (staff: Staff, id: number, ip: string) => Promise<void>
}
