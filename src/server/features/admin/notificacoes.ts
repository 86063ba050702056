import type { Selectable } from 'kysely'
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import {
  AGENDAR_MAX_DIAS,
  instanteDeLisboa,
  type NotificacaoAdmin,
  type NotificacaoCampanhaDados,
  notificacoesMensagens,
  type PreVisualizacao,
  type RestauranteOpcao,
} from '../../../shared/admin-notificacoes.ts'
import { toE164Mobile } from '../../../shared/validacao.ts'
import type { AdminNotificacoesTable } from '../../db/schema-admin.ts'
import { type Clock, DAY, isoNow } from '../../platform/clock.ts'
import type { Database } from '../../platform/db.ts'
import { HttpError, notFound } from '../../platform/errors.ts'
import { sanitizeHtml } from '../../platform/html.ts'
import type { ContaService } from '../conta/service.ts'
import type { FidelizacaoService } from '../fidelizacao/service.ts'
import type { NotificacoesService } from '../notificacoes/service.ts'
import type { RestaurantesService } from '../restaurantes/service.ts'
import { type Ator, atorDe, auditar, type Staff } from './context.ts'
import { textoParaHtml } from './texto-para-html.ts'

/** The features the composer reaches through their services. */
export interface ComposerDeps {
  db: Database
  clock: Clock
  lojas: Pick<RestaurantesService, 'lojasGestao'>
  conta: Pick<ContaService, 'findCliente' | 'audiencia'>
  /** Who bought at a store: a restaurant's audience. Absent: the command line's composer, which writes to everyone
   * or one customer only. */
  fidelizacao?: Pick<FidelizacaoService, 'clientesDasLojas'>
  notificacoes: Pick<
    NotificacoesService,
    'iniciarCampanha' | 'escreverCampanha' | 'campanhasPorEscrever' | 'entregaDaCampanha'
  >
}

/** Who a message is for, as stored. */
interface Alvo {
  publico: 'todos' | 'restaurante' | 'telefone'
  restaurante_id: number | null
  /** For `telefone`: the customer the number was when composed (null: none), never the number itself. */
  utilizador_id: number | null
  /** For `telefone`: the number as the list shows it, masked. */
  telefone: string | null
  /** A gestor's restaurants (null: an admin's, unbounded). */
  alcance: number[] | null
}

/** How many of the newest the list shows. */
const LISTADAS = 50
/** Sent by each job round at most; the rest in the next. */
const POR_RONDA = 20

const semPermissao = (mensagem: string) => new HttpError(403, mensagem, 'Sem permissão')

const mascarar = (e164: string) => `Telemóvel ••• ••• ${e164.slice(-3)}`

/**
 * The notification composer (admin and gestor). Marketing: every audience is limited to customers who
 * consented to communications (`comunicacao`), read again when the message goes out. A gestor writes only to the
 * customers of their restaurants (a restaurant of theirs, or one phone of a customer who bought there); 'todos' is an
 * admin's. The message is stored (`admin_notificacoes`) and sent by the job when due — now, or at its time — each once:
 * the claim records where its writing starts, and the notifications are written in short batches from that mark
 * (features/notificacoes `iniciarCampanha`, `escreverCampanha`), so the app's other writes go on meanwhile, a restart
 * loses nothing (the job resumes it) and nothing is written twice. Delivery goes in-app and by Web Push through the
 * existing outbox.
 */
export function createAdminNotificacoes({ db, clock, lojas, conta, fidelizacao, notificacoes }: ComposerDeps) {
  const restaurantesDe = async (alcance: number[] | null): Promise<RestauranteOpcao[]> => {
    const porId = new Map<number, string>()
    for (const l of await lojas.lojasGestao(alcance === null ? 'todas' : { restaurantes: alcance })) {
      porId.set(l.restaurante_id, l.restaurante)
    }
    return [...porId].map(([id, nome]) => ({ id, nome })).sort((a, b) => a.nome.localeCompare(b.nome, 'pt'))
  }

  const alcanceDoStaff = (staff: Staff): number[] | null => (staff.papel === 'admin' ? null : staff.restaurantes)

  /** The customers of these restaurants (who bought at one of their stores). */
  async function clientesDosRestaurantes(restaurantes: number[]): Promise<number[]> {
    if (restaurantes.length === 0) return []
    if (!fidelizacao) throw new Error('A restaurant’s audience needs the loyalty feature.')
    const idsLoja = (await lojas.lojasGestao({ restaurantes })).map((l) => l.id_loja)
    return fidelizacao.clientesDasLojas(idsLoja)
  }

  /** Who the message is for, before consent: its audience within its author's reach (undefined: every customer). */
  async function candidatos(alvo: Alvo): Promise<number[] | undefined> {
    let ids: number[] | undefined
    if (alvo.publico === 'restaurante' && alvo.restaurante_id !== null) {
      ids = await clientesDosRestaurantes([alvo.restaurante_id])
    } else if (alvo.publico === 'telefone') {
      // The customer, not the number: a number freed by an erasure and taken by someone else is not them.
      ids = alvo.utilizador_id === null ? [] : [alvo.utilizador_id]
      if (ids.length > 0 && alvo.alcance !== null) {
        const deles = new Set(await clientesDosRestaurantes(alvo.alcance))
        ids = ids.filter((id) => deles.has(id))
      }
    } else if (alvo.publico !== 'todos') {
      ids = []
    }
    return ids
  }

  /** Who the message reaches now: its audience, within its author's reach, who consented. */
  const destinatarios = async (alvo: Alvo) => conta.audiencia.comComunicacao(await candidatos(alvo))

  async function nomeDoPublico(alvo: Pick<Alvo, 'publico' | 'restaurante_id' | 'telefone'>): Promise<string> {
    if (alvo.publico === 'todos') return 'Todos os clientes que aceitaram comunicações'
    if (alvo.publico === 'telefone') return alvo.telefone ?? 'Telemóvel'
    const nome = (await restaurantesDe(null)).find((r) => r.id === alvo.restaurante_id)?.nome
    return `Clientes de ${nome ?? `restaurante ${alvo.restaurante_id}`}`
  }

  /** The form as a stored audience, refused outside the staff member's reach. */
  async function alvoDe(staff: Staff, dados: NotificacaoCampanhaDados): Promise<Alvo> {
    const alcance = alcanceDoStaff(staff)
    if (alcance !== null && dados.publico === 'todos') throw semPermissao(notificacoesMensagens.gestorTodos)
    if (dados.publico === 'restaurante') {
      const deles = await restaurantesDe(alcance)
      if (!deles.some((r) => r.id === dados.restaurante_id)) {
        throw alcance === null
          ? new HttpError(400, notificacoesMensagens.restaurante, 'Restaurante desconhecido', {
              restaurante_id: notificacoesMensagens.restaurante,
            })
          : semPermissao(notificacoesMensagens.foraDoAlcance)
      }
    }
    // One phone: the customer it is now, and the number kept masked only (the message may wait days; the number is
    // personal data, and a customer's erasure does not reach this table).
    const e164 = dados.publico === 'telefone' ? toE164Mobile(dados.pais, dados.telemovel) : null
    const numero = e164 ? parsePhoneNumberFromString(e164) : undefined
    const cliente = numero
      ? await conta.findCliente({ telemovel: numero.nationalNumber, pais: numero.countryCallingCode })
      : undefined
    return {
      publico: dados.publico,
      restaurante_id: dados.publico === 'restaurante' ? dados.restaurante_id : null,
      utilizador_id: cliente?.id ?? null,
      telefone: e164 ? mascarar(e164) : null,
      alcance,
    }
  }

  /** When it goes out: now, or a Lisbon time ahead (at most AGENDAR_MAX_DIAS). */
  function quandoDe(dados: NotificacaoCampanhaDados): string {
    const agora = clock.now().getTime()
    if (dados.quando === 'agora') return new Date(agora).toISOString()
    const instante = instanteDeLisboa(dados.agendar_para)
    const ms = instante ? Date.parse(instante) : Number.NaN
    const recusa = (m: string) => new HttpError(400, m, 'Hora inválida', { agendar_para: m })
    if (!(ms > agora)) throw recusa(notificacoesMensagens.horaPassada)
    if (ms - agora > AGENDAR_MAX_DIAS * DAY) throw recusa(notificacoesMensagens.horaLonge)
    return new Date(ms).toISOString()
  }

  const linhaParaAlvo = (r: {
    publico: Alvo['publico']
    restaurante_id: number | null
    utilizador_id: number | null
    telefone: string | null
    alcance: string | null
  }): Alvo => ({ ...r, alcance: r.alcance === null ? null : (JSON.parse(r.alcance) as number[]) })

  /**
   * Writes a message that went out to its audience, in short batches from where its writing got (features/notificacoes
   * `escreverCampanha`): each batch reads who consents in its own transaction and counts what it wrote. Answers how
   * many it wrote now.
   */
  async function escreverUma(linha: Selectable<AdminNotificacoesTable>): Promise<number> {
    const ids = await candidatos(linhaParaAlvo(linha))
    const { escritas } = await notificacoes.escreverCampanha(
      linha.id,
      { titulo: linha.titulo, texto: linha.texto, ligacao: linha.ligacao },
      {
        destinatarios: (trx, depoisDe, limite) => conta.audiencia.consentidosDepoisDe(trx, ids, depoisDe, limite),
        contar: async (trx, n) => {
          if (n === 0) return
          await trx
            .updateTable('admin_notificacoes')
            .set((eb) => ({ destinatarios: eb('destinatarios', '+', n) }))
            .where('id', '=', linha.id)
            .execute()
        },
      },
    )
    return escritas
  }

  /**
   * Sends one due message, if it still is: claimed from `agendada` with the mark its writing starts from (one
   * transaction), then written to its audience; answers how many it reached.
   */
  async function enviarUma(id: number): Promise<number | null> {
    const linha = await db.selectFrom('admin_notificacoes').selectAll().where('id', '=', id).executeTakeFirst()
    if (linha?.estado !== 'agendada') return null
    const iniciada = await notificacoes.iniciarCampanha(id, async (trx) => {
      const agora = isoNow(clock)
      const r = await trx
        .updateTable('admin_notificacoes')
        .set({ estado: 'enviada', enviada_em: agora, destinatarios: 0 })
        .where('id', '=', id)
        .where('estado', '=', 'agendada')
        .where('agendada_para', '<=', agora)
        .executeTakeFirst()
      return Number(r.numUpdatedRows) === 1
    })
    return iniciada ? escreverUma(linha) : null
  }

  /** Stores a message (audited in the same transaction) and, when it is for now, sends it at once. */
  async function guardar(
    autor: Pick<Staff, 'id' | 'email'> | null,
    ator: Ator,
    alvo: Alvo,
    m: { titulo: string; html: string; ligacao: string | null; agendadaPara: string; agora: boolean },
    auditoria: Record<string, unknown>,
  ): Promise<number> {
    const publico = await nomeDoPublico(alvo)
    const id = await db.transaction().execute(async (trx) => {
      const linha = await trx
        .insertInto('admin_notificacoes')
        .values({
          titulo: m.titulo,
          texto: m.html,
          ligacao: m.ligacao,
          publico: alvo.publico,
          restaurante_id: alvo.restaurante_id,
          utilizador_id: alvo.utilizador_id,
          telefone: alvo.telefone,
          alcance: alvo.alcance === null ? null : JSON.stringify(alvo.alcance),
          agendada_para: m.agendadaPara,
          criada_por: autor?.id ?? null,
          criada_por_email: autor?.email ?? null,
          criada_em: isoNow(clock),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await auditar(trx, clock, ator, {
        acao: m.agora ? 'notificacao.enviar' : 'notificacao.agendar',
        entidade: 'notificacao',
        entidadeId: linha.id,
        depois: { titulo: m.titulo, ...auditoria, publico, agendada_para: m.agendadaPara },
      })
      return linha.id
    })
    if (m.agora) await enviarUma(id)
    return id
  }

  async function vista(r: {
    id: number
    titulo: string
    texto: string
    publico: Alvo['publico']
    restaurante_id: number | null
    telefone: string | null
    estado: NotificacaoAdmin['estado']
    agendada_para: string
    enviada_em: string | null
    criada_por_email: string | null
  }): Promise<NotificacaoAdmin> {
    return {
      id: r.id,
      titulo: r.titulo,
      texto: r.texto,
      publico: await nomeDoPublico(r),
      estado: r.estado,
      agendada_para: r.agendada_para,
      enviada_em: r.enviada_em,
      criada_por: r.criada_por_email,
      entrega: r.estado === 'enviada' ? await notificacoes.entregaDaCampanha(r.id) : null,
    }
  }

  /** The newest messages the staff member may see (an admin's all; a gestor's, their own), with delivery counts. */
  async function listar(staff: Staff, id?: number): Promise<NotificacaoAdmin[]> {
    let q = db.selectFrom('admin_notificacoes').selectAll().orderBy('id', 'desc').limit(LISTADAS)
    if (staff.papel !== 'admin') q = q.where('criada_por', '=', staff.id)
    if (id !== undefined) q = q.where('id', '=', id)
    const linhas = await q.execute()
    if (id !== undefined && linhas.length === 0) throw notFound(notificacoesMensagens.naoEncontrada)
    return Promise.all(linhas.map(vista))
  }

  return {
    listar,
    restaurantes: (staff: Staff) => restaurantesDe(alcanceDoStaff(staff)),

    /** How it will look, and to how many it would go now. */
    async previsualizar(staff: Staff, dados: NotificacaoCampanhaDados): Promise<PreVisualizacao> {
      const alvo = await alvoDe(staff, dados)
      return { destinatarios: (await destinatarios(alvo)).length, publico: await nomeDoPublico(alvo) }
    },

    /** Stores the message (audited in the same transaction) and, when it is for now, sends it at once. */
    async criar(staff: Staff, dados: NotificacaoCampanhaDados, ip: string): Promise<NotificacaoAdmin> {
      const alvo = await alvoDe(staff, dados)
      const m = {
        titulo: dados.titulo,
        html: textoParaHtml(dados.texto),
        ligacao: null,
        agendadaPara: quandoDe(dados),
        agora: dados.quando === 'agora',
      }
      const id = await guardar(staff, atorDe(staff, ip), alvo, m, { texto: dados.texto })
      return (await listar(staff, id))[0] as NotificacaoAdmin
    },

    /**
     * `npm run notify`'s marketing message: sent now as an admin's would be (every customer who consents, or one of
     * them), with no staff author; audited as the command line's. Answers the message and how many it reached.
     */
    async enviarDaLinhaDeComandos(m: {
      titulo: string
      /** HTML, sanitised here. */
      texto: string
      ligacao: string | null
      /** null: every customer who consents. */
      cliente: { id: number; e164: string } | null
    }): Promise<{ id: number; destinatarios: number }> {
      const alvo: Alvo = {
        publico: m.cliente ? 'telefone' : 'todos',
        restaurante_id: null,
        utilizador_id: m.cliente?.id ?? null,
        telefone: m.cliente ? mascarar(m.cliente.e164) : null,
        alcance: null,
      }
      const html = sanitizeHtml(m.texto)
      const agora = isoNow(clock)
      const id = await guardar(
        null,
        { id: null, email: null, ip: null },
        alvo,
        { titulo: m.titulo, html, ligacao: m.ligacao, agendadaPara: agora, agora: true },
        { texto: html, ligacao: m.ligacao, origem: 'npm run notify' },
      )
      const linha = await db
        .selectFrom('admin_notificacoes')
        .select('destinatarios')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
      return { id, destinatarios: linha.destinatarios }
    },

    /** Cancels a message still scheduled (audited). */
    async cancelar(staff: Staff, id: number, ip: string): Promise<NotificacaoAdmin> {
      await db.transaction().execute(async (trx) => {
        const linha = await trx.selectFrom('admin_notificacoes').selectAll().where('id', '=', id).executeTakeFirst()
        if (!linha || !visivelPara(staff, linha)) throw notFound(notificacoesMensagens.naoEncontrada)
        const r = await trx
          .updateTable('admin_notificacoes')
          .set({ estado: 'cancelada' })
          .where('id', '=', id)
          .where('estado', '=', 'agendada')
          .executeTakeFirst()
        if (Number(r.numUpdatedRows) !== 1) throw new HttpError(409, notificacoesMensagens.jaEnviada, 'Já enviada')
        await auditar(trx, clock, atorDe(staff, ip), {
          acao: 'notificacao.cancelar',
          entidade: 'notificacao',
          entidadeId: id,
          antes: { estado: 'agendada', agendada_para: linha.agendada_para },
          depois: { estado: 'cancelada' },
        })
      })
      return (await listar(staff, id))[0] as NotificacaoAdmin
    },

    /**
     * The job: finishes writing the messages whose writing stopped midway (a restart), then sends the messages now
     * due, oldest first; answers how many went out.
     */
    async despachar(): Promise<number> {
      for (const id of await notificacoes.campanhasPorEscrever()) {
        const linha = await db.selectFrom('admin_notificacoes').selectAll().where('id', '=', id).executeTakeFirst()
        if (linha) await escreverUma(linha)
      }
      const devidas = await db
        .selectFrom('admin_notificacoes')
        .select('id')
        .where('estado', '=', 'agendada')
        .where('agendada_para', '<=', isoNow(clock))
        .orderBy('agendada_para')
        .limit(POR_RONDA)
        .execute()
      let enviadas = 0
      for (const { id } of devidas) if ((await enviarUma(id)) !== null) enviadas++
      return enviadas
    },
  }
}

const visivelPara = (staff: Staff, linha: { criada_por: number | null }) =>
  staff.papel === 'admin' || linha.criada_por === staff.id

export type AdminNotificacoes = ReturnType<typeof createAdminNotificacoes>
