// `npm run notify -- --todos|--telemovel 912345678 [--pais 351] --titulo "…" --texto "…" [--ligacao /caminho]`: the
// operators' way to send a notification until the back-office has its composer. It writes to the database that
// DATABASE_URL names; on PostgreSQL the running servers hear of it at once (the event bus), on SQLite within a second
// (each server looks for notifications other processes wrote: src/server/jobs.ts). It is queued for the customers' devices (Web Push), which the
// servers' outbox round sends.
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.ts'
import { CONTA_LIMITES, createClientesConta } from '../features/conta/service.ts'
import { createPushService, type PushService } from '../features/notificacoes/push.ts'
import { createNotificacoesService, LIGACAO_DA_APP } from '../features/notificacoes/service.ts'
import { systemClock } from '../platform/clock.ts'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../platform/db.ts'
import { createEventBus } from '../platform/eventos.ts'
import { createWebPushSender, vapidKeys } from '../platform/web-push.ts'

export const USO =
  'uso: npm run notify -- --todos|--telemovel 912345678 [--pais 351] --titulo "…" --texto "…" [--ligacao /caminho]'

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
      titulo: { type: 'string' },
      texto: { type: 'string' },
      ligacao: { type: 'string' },
    },
    strict: true,
  })
  const titulo = values.titulo?.trim() ?? ''
  const texto = values.texto?.trim() ?? ''
  if (values.todos === (values.telemovel !== undefined)) throw new Error(`Indique --todos ou --telemovel.\n${USO}`)
  if (!titulo || titulo.length > 120) throw new Error('O título é obrigatório (até 120 caracteres).')
  if (!texto || texto.length > 5000) throw new Error('O texto é obrigatório (até 5000 caracteres).')
  if (values.ligacao !== undefined && !LIGACAO_DA_APP.test(values.ligacao)) {
    throw new Error('A ligação é um caminho da app, por exemplo /fidelizacao.')
  }
  const conta = createClientesConta(database.db)
  let utilizadorId: number | null = null
  if (values.telemovel !== undefined) {
    const user = await conta.findCliente({ telemovel: values.telemovel.replace(/\s/g, ''), pais: values.pais })
    if (!user) throw new Error(`Não existe nenhum cliente com o telemóvel +${values.pais} ${values.telemovel}.`)
    utilizadorId = user.id
  }
  const bus = await createEventBus(database, (err) => console.error(err))
  try {
    const service = createNotificacoesService({
      db: database.db,
      clock: systemClock,
      bus,
      conta,
      provisoriosAExpirar: async () => [],
      provisionalDays: CONTA_LIMITES.provisionalDays,
      ...(push ? { push } : {}),
    })
    const id = await service.enviar({ utilizadorId, titulo, texto, ligacao: values.ligacao ?? null })
    return `Notificação n.º ${id} enviada ${utilizadorId === null ? 'a todos' : `ao telemóvel +${values.pais} ${values.telemovel}`}.`
  } finally {
    await bus.close()
  }
}

if (process.argv[1]?.endsWith('commands/notify.ts')) {
  const config = loadConfig()
  const database = openDatabase(config.DATABASE_URL)
  try {
    await migrateToLatest(database.db)
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
