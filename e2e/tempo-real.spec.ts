import type { Page } from '@playwright/test'
import { createStoreKey, pos } from './loja.ts'
import { apiPost, createAccount, expect, expectAccessible, main, randomPhone, smsCode, test } from './support.ts'

/** Screenshots for a person to look at, when TEMPO_REAL_SHOTS names a folder. */
const SHOTS = process.env.TEMPO_REAL_SHOTS

/**
 * Real time: what changes elsewhere shows on the screen that is open, without a reload, over the session's
 * one event stream.
 */

test('an open loyalty screen shows a purchase the moment the till registers it', async ({ page }) => {
  const account = await createAccount(page)
  // The app holds one stream for the signed-in customer: it is open before the till rings.
  const stream = page.waitForResponse((r) => r.url().includes('/api/eventos'))
  await page.goto('/fidelizacao')
  await expect(page.getByText('Não existem transações')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Saldo e pontos' })).toContainText('Já poupou0,00 €')
  expect((await stream).status()).toBe(200)

  const till = pos(page.request, createStoreKey(862))
  const { cliente } = await till.identify({ telemovel: account.telemovel, pais: '351' })
  await till.purchase(cliente.id, 2000)

  // 20,00 € at 5%: 1,00 € of balance, 20 points, one row, on the screen as it was left.
  const ultimas = page.getByRole('table', { name: 'Últimas Transações' })
  await expect(ultimas.locator('tbody tr')).toHaveCount(1, { timeout: 3000 })
  await expect(ultimas).toContainText('+1,00 €')
  await expect(main(page).getByRole('region', { name: 'Saldo e pontos' })).toContainText('Saldo disponível1,00 €')
  await expect(main(page)).toContainText('Faltam 80 pontos para o próximo prémio: Café oferta.')
  await expect(page).toHaveURL('/fidelizacao')
})

test('a stream that drops while the till rings comes back saying where it was, and is sent the purchase it missed', async ({
  page,
  context,
}) => {
  // The page's streams, kept where the test can drop them as a lost signal would, with the last id and the events
  // each carried.
  await page.addInitScript(() => {
    const Original = window.EventSource
    const w = window as unknown as { fontes: EventSource[]; ultimoId: string; ouvidos: string[] }
    w.fontes = []
    w.ultimoId = ''
    w.ouvidos = []
    window.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init)
        const n = w.fontes.push(this)
        for (const nome of ['ping', 'utilizador', 'reler'])
          this.addEventListener(nome, (e) => {
            const id = (e as MessageEvent).lastEventId
            if (id) w.ultimoId = id
            if (nome !== 'ping') w.ouvidos.push(`${n}:${nome}`)
          })
      }
    }
  })
  const account = await createAccount(page)
  await page.goto('/fidelizacao')
  await expect(page.getByText('Não existem transações')).toBeVisible()
  // The stream's first ping says where it starts from in the server's event log.
  await page.waitForFunction(() => (window as unknown as { ultimoId: string }).ultimoId !== '')

  // The signal goes: the stream drops (the browser gives up on it), and the till rings meanwhile.
  await context.setOffline(true)
  await page.evaluate(() => {
    const fonte = (window as unknown as { fontes: EventSource[] }).fontes.at(-1)
    fonte?.close()
    fonte?.dispatchEvent(new Event('error'))
  })
  const till = pos(page.request, createStoreKey(862))
  const { cliente } = await till.identify({ telemovel: account.telemovel, pais: '351' })
  await till.purchase(cliente.id, 2000)

  // Back online, the app opens a new stream saying the last event it saw, and the server sends what it missed: the
  // purchase shows, on the screen as it was left.
  const volta = page.waitForResponse((r) => r.url().includes('/api/eventos') && r.url().includes('desde='))
  await context.setOffline(false)
  const resposta = await volta
  expect(resposta.status()).toBe(200)
  expect(new URL(resposta.url()).searchParams.get('desde')).toMatch(/^\d+$/)
  const ultimas = page.getByRole('table', { name: 'Últimas Transações' })
  await expect(ultimas.locator('tbody tr')).toHaveCount(1, { timeout: 5000 })
  await expect(ultimas).toContainText('+1,00 €')
  await expect(page).toHaveURL('/fidelizacao')
  // The new stream was sent the purchase as the event it missed, not a reload of everything (`reler`).
  const ouvidos = () =>
    page.evaluate(() => {
      const w = window as unknown as { fontes: EventSource[]; ouvidos: string[] }
      return w.ouvidos.filter((o) => o.startsWith(`${w.fontes.length}:`) || o.endsWith(':reler'))
    })
  await expect
    .poll(ouvidos)
    .toContain(
      `${await page.evaluate(() => (window as unknown as { fontes: EventSource[] }).fontes.length)}:utilizador`,
    )
  expect((await ouvidos()).filter((o) => o.endsWith(':reler'))).toEqual([])
})

test('a session whose password is changed on another device is signed out within seconds, and goes home', async ({
  page,
  browser,
  baseURL,
}) => {
  const account = await createAccount(page)
  const stream = page.waitForResponse((r) => r.url().includes('/api/eventos'))
  await page.goto('/perfil')
  await expect(page.getByRole('link', { name: 'Terminar sessão' })).toBeVisible()
  expect((await stream).status()).toBe(200)

  // The same customer on another device changes the password: every other session ends.
  const outro = await browser.newContext({ baseURL })
  try {
    await apiPost(outro.request, '/login', { telemovel: account.telemovel, pais: '351', password: account.password })
    await apiPost(outro.request, '/alterar-password', { password: '975310', confirmacaoPassword: '975310' })
  } finally {
    await outro.close()
  }

  await expect(page).toHaveURL('/', { timeout: 5000 })
  await page.goto('/perfil')
  await expect(page.getByRole('link', { name: 'Terminar sessão' })).toHaveCount(0)
})

test('notifications: the header count rises as one arrives, the list shows it highlighted, leaving clears it', async ({
  page,
}) => {
  const account = await createAccount(page)
  const stream = page.waitForResponse((r) => r.url().includes('/api/eventos'))
  await page.goto('/fidelizacao')
  expect((await stream).status()).toBe(200)
  const sino = page.getByRole('banner').getByRole('link', { name: /^Notificações/ })
  await expect(sino).toHaveAccessibleName('Notificações')

  // Credit earned at the till comes with a notification: the count rises on the screen that is open.
  const till = pos(page.request, createStoreKey(862))
  const { cliente } = await till.identify({ telemovel: account.telemovel, pais: '351' })
  await till.purchase(cliente.id, 2000)
  await expect(sino).toHaveAccessibleName('Notificações, 1 por ler', { timeout: 3000 })
  await expect(sino.locator('.badge-count')).toHaveText('1')

  await sino.click()
  await expect(page).toHaveURL('/notificacoes')
  const item = main(page).getByRole('listitem').filter({ hasText: 'Ganhou 1,00 € de saldo na Nata & Grão' })
  await expect(item).toBeVisible()
  await expect(item).toContainText('Nova')
  await expect(item).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  await expect(item).toContainText('Na sua compra de 20,00 €')
  await expectAccessible(page)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/notificacoes.png`, fullPage: true })

  // Leaving the screen marks it read: the count clears, and stays cleared after a reload.
  await page.getByRole('button', { name: 'Fechar' }).click()
  await expect(page).toHaveURL('/fidelizacao')
  await expect(sino).toHaveAccessibleName('Notificações')
  await page.reload()
  await expect(sino).toHaveAccessibleName('Notificações')
  await sino.click()
  await expect(item).toBeVisible()
  await expect(item).not.toContainText('Nova')
})

test("the header's unread count is read only once the page has loaded, and still shows what is unread", async ({
  page,
}) => {
  const account = await createAccount(page)
  const till = pos(page.request, createStoreKey(862))
  const { cliente } = await till.identify({ telemovel: account.telemovel, pais: '351' })
  await till.purchase(cliente.id, 2000)

  // The home screen's images held back for a second, as a slow link would: the page's load event comes after them.
  await page.route('**/imagens/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  const contagem = page.waitForResponse((r) => r.url().endsWith('/api/notificacoes'))
  await page.goto('/')
  await contagem
  await expect(page.getByRole('banner').getByRole('link', { name: 'Notificações, 1 por ler' })).toBeVisible()
  // The first screen's own script and image have the link to themselves on a slow phone (Lighthouse's LCP).
  const [pedido, carregada] = await page.evaluate(() => [
    performance.getEntriesByType('resource').find((e) => e.name.endsWith('/api/notificacoes'))?.startTime ?? -1,
    (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  ])
  expect(carregada).toBeGreaterThan(0)
  expect(pedido).toBeGreaterThanOrEqual(carregada)
})

test('notifications: a guest sees the empty list and Fechar goes home', async ({ page }) => {
  await page.goto('/notificacoes')
  await expect(page.getByText('Não existem notificações')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Fechar' }).click()
  await expect(page).toHaveURL('/')
})

/**
 * The browser's push service, played in the page. Subscribing asks Chromium's push service (Google's FCM) for an
 * endpoint, and this machine reaches no such service (no internet): PushManager's answers are given here instead, an
 * endpoint of the kind FCM hands out (on the server's allow-list) with keys of the right shape. Everything from there on
 * is the app's and the server's own. Lives as long as the page's document (no reloads after it).
 */
async function servicoDePushNoNavegador(page: Page) {
  await page.addInitScript(() => {
    let atual: PushSubscription | null = null
    const base64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const chave = options?.applicationServerKey
      const applicationServerKey =
        chave instanceof ArrayBuffer
          ? chave
          : ArrayBuffer.isView(chave)
            ? new Uint8Array(chave.buffer, chave.byteOffset, chave.byteLength).slice().buffer
            : null
      const p256dh = crypto.getRandomValues(new Uint8Array(65))
      p256dh[0] = 4
      const auth = crypto.getRandomValues(new Uint8Array(16))
      const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`
      const json = { endpoint, expirationTime: null, keys: { p256dh: base64url(p256dh), auth: base64url(auth) } }
      atual = {
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          atual = null
          return true
        },
      } as unknown as PushSubscription
      return atual
    }
    PushManager.prototype.getSubscription = async () => atual
  })
}

test('notifications on the device: offered in the profile, never on a first visit', async ({ page, context }) => {
  await servicoDePushNoNavegador(page)
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Notificações neste dispositivo' })).toHaveCount(0)
  await createAccount(page)
  await context.grantPermissions(['notifications'])
  await page.goto('/perfil')
  const oferta = page.getByRole('region', { name: 'Notificações neste dispositivo' })
  await expect(oferta).toBeVisible()
  await expectAccessible(page)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/perfil-notificacoes.png`, fullPage: true })
  const subscrita = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscricao') && r.request().method() === 'POST',
  )
  await oferta.getByRole('button', { name: 'Ativar notificações' }).click()
  expect((await subscrita).status()).toBe(200)
  await expect(oferta.getByText('Está a receber as notificações neste dispositivo.')).toBeVisible()
  // And off again: the server lets the device go.
  const cancelada = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscricao') && r.request().method() === 'DELETE',
  )
  await oferta.getByRole('button', { name: 'Desativar notificações' }).click()
  expect((await cancelada).status()).toBe(200)
  await expect(oferta.getByRole('button', { name: 'Ativar notificações' })).toBeVisible()
})

test('after a phone change on this device, its screen stays signed in, its stream and notifications follow the new session', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000)
  await servicoDePushNoNavegador(page)
  await createAccount(page)
  await context.grantPermissions(['notifications'])
  await page.goto('/perfil')
  const oferta = page.getByRole('region', { name: 'Notificações neste dispositivo' })
  await oferta.getByRole('button', { name: 'Ativar notificações' }).click()
  await expect(oferta.getByText('Está a receber as notificações neste dispositivo.')).toBeVisible()

  await main(page).getByRole('link', { name: 'Alterar telemóvel' }).click()
  const pedido = page.getByRole('dialog', { name: 'Alterar telemóvel' })
  const novo = randomPhone()
  await pedido.getByLabel('Telemóvel', { exact: true }).fill(novo)
  await pedido.getByLabel('Confirmação do telemóvel', { exact: true }).fill(novo)
  await pedido.getByRole('button', { name: 'Enviar código' }).click()
  const confirmar = page.getByRole('dialog', { name: 'Confirmar novo telemóvel' })
  await confirmar.getByLabel('Código SMS').fill(await smsCode(page.request, novo))
  // The old session ends with the change: the stream is opened again under the new one, and the device's
  // subscription is given to it.
  const confirmado = page.waitForResponse((r) => /\/alterar-telemovel\/[\w-]+$/.test(r.url()))
  const reaberto = page.waitForResponse((r) => r.url().includes('/api/eventos'))
  const subscrita = page.waitForResponse(
    (r) => r.url().endsWith('/api/push/subscricao') && r.request().method() === 'POST',
  )
  await confirmar.getByRole('button', { name: 'Confirmar' }).click()
  expect((await confirmado).status()).toBe(200)
  expect((await reaberto).status()).toBe(200)
  expect((await subscrita).status()).toBe(200)
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click()
  await expect(page).toHaveURL('/perfil')

  // Still signed in, and still hearing the till, on the screen as it was left (no reload).
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Fidelização' }).click()
  await expect(page.getByText('Não existem transações')).toBeVisible()
  const till = pos(page.request, createStoreKey(862))
  const { cliente } = await till.identify({ telemovel: novo, pais: '351' })
  await till.purchase(cliente.id, 2000)
  const ultimas = page.getByRole('table', { name: 'Últimas Transações' })
  await expect(ultimas.locator('tbody tr')).toHaveCount(1, { timeout: 3000 })
  await expect(page).toHaveURL('/fidelizacao')
})

test('a push message is shown by the service worker as the notification, and knows which screen to open', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'])
  await page.goto('/')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  // The browser's push service is played by DevTools: it hands the worker a message as a push service would.
  const cdp = await context.newCDPSession(page)
  const registration = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x: { scopeURL: string; isDeleted: boolean }) => !x.isDeleted)
      if (r) resolve(r.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const origin = new URL(page.url()).origin
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await registration,
    data: JSON.stringify({
      id: 7,
      titulo: 'O seu pedido está pronto',
      texto: 'O pedido n.º 7 está pronto: pode levantá-lo na Nata & Grão Chiado.',
      ligacao: '/carrinho/confirmado?encomenda=7',
    }),
  })
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready
        return (await r.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data, tag: n.tag }))
      }),
    )
    .toEqual([
      {
        title: 'O seu pedido está pronto',
        body: 'O pedido n.º 7 está pronto: pode levantá-lo na Nata & Grão Chiado.',
        data: { ligacao: '/carrinho/confirmado?encomenda=7' },
        tag: 'notificacao-7',
      },
    ])
})
