// `npm run notify -- --todos|--telemovel 912345678 [--pais 351] [--servico] --titulo "…" --texto "…" [--ligacao /caminho]`:
// the operators' way to send a notification from the command line. Marketing (the default) goes through the
// back-office composer, to the customers who consent to communications only (everyone who does, or the one customer if
// they do), in its short batches, and is listed in Admin › Notificações; `--servico` is a message about the customer's
// own account (one phone only), sent whatever their consent, and marked as such. Each send leaves an audit entry with
// no staff author (the command line's). It writes to the database that DATABASE_URL names; on PostgreSQL the running
// servers hear of it at once (the event bus), on SQLite within a second (each server looks for notifications other
// processes wrote: src/server/jobs.ts). It is queued for the customers' devices (Web Push), which the servers' outbox
// round sends.
import { parseArgs } from 'node:util'
import { toE164Mobile } from '../../shared/validacao.ts'
import { loadConfig } from '../config.ts'
import { auditar } from '../features/admin/context.ts'
import { createAdminNotificacoes } from '../features/admin/notificacoes.ts'
import { createAudienciaConta } from '../features/conta/audiencia.ts'
import { CONTA_LIMITES, createClientesConta } from '../features/conta/service.ts'
import { createPushService, type PushService } from '../features/notificacoes/push.ts'
import { createNotificacoesService, LIGACAO_DA_APP } from '../features/notificacoes/service.ts'
import { createRestaurantesRepository } from '../features/restaurantes/repository.ts'
import { createRestaurantesService } from '../features/restaurantes/service.ts'
import { systemClock } from '../platform/clock.ts'
import { type DatabaseHandle, openDatabase } from '../platform/db.ts'
import { createEventBus } from '../platform/eventos.ts'
import { migrateDatabase } from '../platform/migrate.ts'
import { createWebPushSender, vapidKeys } from '../platform/web-push.ts'

export const USO =
  'uso: npm run notify -- --todos|--telemovel 912345678 [--pais 351] [--servico] --titulo "…" --texto "…" [--ligacao /caminho]'

/** Sends what `args` ask for; answers the line to print, or throws an Error whose message says what is wrong. */
export async function notify(
  args: string[],
  database: DatabaseHandle,
  /** Web Push: the notification is queued for the customers' devices; the server's outbox round sends it. */
  push?: Pick<PushService, 'enfileirar' | 'difundir'>,
): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      todos: { type: 'boolean', default: false },
      telemovel: { type: 'string' },
      pais: { type: 'string', default: '351' },
      servico: { type: 'boolean', default: false },
      titulo: { type: 'string' },
      texto: { type: 'string' },
      ligacao: { type: 'string' },
    },
    strict: true,
  })
  const titulo = values.titulo?.trim() ?? ''
  const texto = values.texto?.trim() ?? ''
  if (values.todos === (values.telemovel !== undefined)) throw new Error(`Indique --todos ou --telemovel.\n${USO}`)
  if (values.servico && values.todos) {
    throw new Error('Uma mensagem de serviço é sobre a conta de um cliente: indique --telemovel, não --todos.')
  }
  if (!titulo || titulo.length > 120) throw new Error('O título é obrigatório (até 120 caracteres).')
  if (!texto || texto.length > 5000) throw new Error('O texto é obrigatório (até 5000 caracteres).')
  if (values.ligacao !== undefined && !LIGACAO_DA_APP.test(values.ligacao)) {
    throw new Error('A ligação é um caminho da app, por exemplo /fidelizacao.')
  }
  const { db } = database
  const clientes = createClientesConta(db)
  const audiencia = createAudienciaConta(db)
  const numero = `+${values.pais} ${values.telemovel}`
  let cliente: { id: number; e164: string } | null = null
  if (values.telemovel !== undefined) {
    const user = await clientes.findCliente({ telemovel: values.telemovel.replace(/\s/g, ''), pais: values.pais })
    if (!user) throw new Error(`Não existe nenhum cliente com o telemóvel ${numero}.`)
    const telemovel = values.telemovel.replace(/\s/g, '')
    cliente = { id: user.id, e164: toE164Mobile(values.pais, telemovel) ?? `+${values.pais}${telemovel}` }
    if (!values.servico && (await audiencia.comComunicacao([user.id])).length === 0) {
      throw new Error(
        `O cliente ${numero} não aceitou receber comunicações: nada foi enviado. Para uma mensagem sobre a conta dele, use --servico.`,
      )
    }
  }
  const bus = await createEventBus(database, (err) => console.error(err))
  try {
    const service = createNotificacoesService({
      db,
      clock: systemClock,
      bus,
      conta: { ...clientes, audiencia },
      provisoriosAExpirar: async () => [],
      provisionalDays: CONTA_LIMITES.provisionalDays,
      ...(push ? { push } : {}),
    })
    const ligacao = values.ligacao ?? null
    if (values.servico && cliente) {
      const para = cliente
      // A message about the customer's own account, which needs no consent: marked so in the audit log.
      const id = await service.enviar({ utilizadorId: para.id, titulo, texto, ligacao }, (trx, notificacaoId) =>
        auditar(
          trx,
          systemClock,
          { id: null, email: null, ip: null },
          {
            acao: 'notificacao.servico',
            entidade: 'notificacao',
            entidadeId: notificacaoId,
            depois: { titulo, texto, ligacao, utilizador_id: para.id, servico: true, origem: 'npm run notify' },
          },
        ),
      )
      return `Mensagem de serviço n.º ${id} enviada ao telemóvel ${numero} (registada na auditoria).`
    }
    const composer = createAdminNotificacoes({
      db,
      clock: systemClock,
      lojas: createRestaurantesService(createRestaurantesRepository(db)),
      conta: { findCliente: clientes.findCliente, audiencia },
      notificacoes: service,
    })
    const { id, destinatarios } = await composer.enviarDaLinhaDeComandos({ titulo, texto, ligacao, cliente })
    const a = cliente
      ? `ao telemóvel ${numero}`
      : `a todos os clientes que aceitaram comunicações (${destinatarios} ${destinatarios === 1 ? 'cliente' : 'clientes'})`
    return `Notificação n.º ${id} enviada ${a}.`
  } finally {
    await bus.close()
  }
}

if (process.argv[1]?.endsWith('commands/notify.ts')) {
  const config = loadConfig()
  const database = openDatabase(config.DATABASE_URL)
  try {
    await migrateDatabase(database, config.DATABASE_DIRECT_URL)
    // The same keys as the servers' (the environment's, or the pair kept in the database): with none, no Web Push.
    const vapid = await vapidKeys(database.db, systemClock, {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
      production: config.NODE_ENV === 'production',
    })
    const push = createPushService({
      db: database.db,
      clock: systemClock,
      sender: vapid ? createWebPushSender(vapid) : null,
      endpointsLocais: false,
      log: { warn: console.warn, error: console.error },
    })
    console.log(await notify(process.argv.slice(2), database, push))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 2
  } finally {
    await database.close()
  }
}
