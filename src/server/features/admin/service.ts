import type { ContaService } from '../conta/service.ts'
import type { ConteudosService } from '../conteudos/service.ts'
import type { CatalogoService, EncomendasService } from '../encomendas/service.ts'
import type { FaturasService } from '../faturas/service.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import type { GestaoRestaurantes } from '../restaurantes/service.ts'
import { createAdminAcesso } from './acesso.ts'
import { createAdminCampanhas } from './campanhas.ts'
import { createAdminCarimbos } from './carimbos.ts'
import { createAdminChaves } from './chaves.ts'
import type { AdminDeps } from './context.ts'
import { createAdminDefinicoes } from './definicoes.ts'
import { createAdminEmentas } from './ementas.ts'
import { createAdminEquipa } from './equipa.ts'
import { createAdminImagens } from './imagens.ts'
import { createAdminLojas } from './lojas.ts'
import { type ComposerDeps, createAdminNotificacoes } from './notificacoes.ts'
import { createAdminNovidades } from './novidades.ts'
import { createAdminPessoas, type PessoasFeatures } from './pessoas.ts'
import { createAdminPromocoes } from './promocoes.ts'
import { createAdminRelatorios, type FontesRelatorio } from './relatorios.ts'
import { createAdminRestaurantes } from './restaurantes.ts'
import { createAdminTextos } from './textos.ts'

export type { Staff } from './context.ts'

/** The features whose content the back-office manages, through their services. */
export interface AdminFeatures {
  conteudos: ConteudosService
  /** The figures of the reports, each from the feature that owns it. */
  relatorios: FontesRelatorio
  /** The stores' menus (features/encomendas): products sold out for today. */
  catalogo: Pick<
    CatalogoService,
    | 'produtosGestao'
    | 'definirEsgotado'
    | 'esgotadosAlterados'
    | 'definirMarca'
    | 'marcasAlteradas'
    | 'listLojasEncomenda'
    | 'ivaForaDaRegiao'
  >
  /** Customers, their ledger, orders and opinions, erasure (pessoas.ts). */
  pessoas: PessoasFeatures
  /** The loyalty rules ('Definições'). */
  fidelizacao: Pick<
    FidelizacaoService,
    'regras' | 'premios' | 'aniversarios' | 'promocoes' | 'carimbos' | 'clientesDasLojas'
  >
  /** The composer: who consented (conta), and the notifications and their pushes (notificacoes). */
  conta: Pick<ContaService, 'findCliente' | 'audiencia'>
  notificacoes: ComposerDeps['notificacoes']
  /** The content of restaurants and stores (features/restaurantes' editing). */
  restaurantes: GestaoRestaurantes
  /** The codes of the stores' tables, for their staff to print (features/encomendas). */
  mesas: Pick<EncomendasService['mesas'], 'paraImprimir'>
  /** The stores' sales still missing a fiscal document past the alarm (the 'Lojas' page flags them). */
  faturas: Pick<FaturasService, 'contarEmFalta'>
}

/**
 * The back-office's service: signing in (acesso.ts), the staff and audit log (equipa.ts), the stores at
 * work (lojas.ts; their menus' sold-out products and closures, ementas.ts), the content it manages through its owners'
 * services (novidades.ts, textos.ts), people and loyalty (pessoas.ts) and the reports (relatorios.ts).
 */
export function createAdminService(deps: AdminDeps, features: AdminFeatures) {
  return {
    acesso: createAdminAcesso(deps),
    equipa: createAdminEquipa(deps),
    imagens: createAdminImagens(deps),
    lojas: createAdminLojas(deps, features.catalogo, features.faturas, features.mesas),
    chaves: createAdminChaves(deps),
    ementas: createAdminEmentas(deps, features.catalogo),
    novidades: createAdminNovidades(features.conteudos, deps.clock),
    definicoes: createAdminDefinicoes(features.fidelizacao, features.conteudos, deps.clock),
    notificacoes: createAdminNotificacoes({
      db: deps.db,
      clock: deps.clock,
      lojas: deps.lojas,
      conta: features.conta,
      fidelizacao: features.fidelizacao,
      notificacoes: features.notificacoes,
    }),
    pessoas: createAdminPessoas(deps.db, deps.clock, features.pessoas),
    relatorios: createAdminRelatorios(deps, features.relatorios),
    textos: createAdminTextos(features.conteudos, deps.clock),
    campanhas: createAdminCampanhas(features.conteudos, deps.clock),
    promocoes: createAdminPromocoes(deps, features.fidelizacao),
    carimbos: createAdminCarimbos(deps, features.fidelizacao),
    restaurantes: createAdminRestaurantes(features.restaurantes, deps.clock, features.catalogo),
  }
}

export type AdminService = ReturnType<typeof createAdminService>
