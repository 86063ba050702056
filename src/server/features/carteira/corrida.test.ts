import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { abrirPkpass, setupCarteira } from '../../testing/carteira.ts'
import { testDialects } from '../../testing/harness.ts'
import { createCarteiraFila } from './fila.ts'

const PUSH_TOKEN = 'ab'.repeat(32)

/**
 * A change that joins an update already waiting, while the sender claims that update: the sender must not send until
 * the change commits (else the device fetches the card as it was, and this change reaches no one).
 */
describe.each(testDialects())('a card change racing the sender on %s', (dialect) => {
  const scene = setupCarteira(dialect)

  it('holds the sender until the change that joined the waiting update commits', async () => {
    const { d, id } = await scene.cliente()
    const aberto = abrirPkpass((await scene.descarregarPasse(d)).rawPayload)
    const pass = JSON.parse(aberto.ficheiros.get('pass.json')?.toString('utf8') ?? '{}')
    aberto.fechar()
    const registo = await scene.t.app.inject({
      method: 'POST',
      url: `/api/carteira/apple/v1/devices/iphone-1/registrations/${pass.passTypeIdentifier}/${pass.serialNumber}`,
      headers: { authorization: `ApplePass ${pass.authenticationToken}` },
      payload: { pushToken: PUSH_TOKEN },
    })
    expect(registo.statusCode).toBe(201)
    // A purchase queues the device's update; it waits, unsent.
    expect((await scene.comprar(id, 1000)).statusCode).toBe(201)

    // Another change of the card, in a transaction held open: it joins that update.
    const fila = createCarteiraFila({ clock: scene.clock, apple: true, google: true })
    let fechar = () => {}
    const aindaAberta = new Promise<void>((resolve) => {
      fechar = resolve
    })
    const mudanca = scene.t.database.db.transaction().execute(async (trx) => {
      await fila.alterado(trx, id)
      await aindaAberta
    })
    await sleep(100)
    let enviou = false
    const ronda = scene.t.app.despacharCarteira().then((n) => {
      enviou = true
      return n
    })
    await sleep(500)
    expect(enviou).toBe(false)
    expect(scene.apns.recebidos).toEqual([])
    fechar()
    await mudanca
    expect(await ronda).toBe(1)
    expect(scene.apns.recebidos.map((r) => r.token)).toEqual([PUSH_TOKEN])
    // One update for both changes, sent once this one was visible.
    expect(await scene.t.database.db.selectFrom('carteira_envios').selectAll().execute()).toEqual([])
  })
})
