import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import type { PrivateData } from '../src/shared/conta.ts'
import { createStoreKey, pos } from './loja.ts'
import { apiPost, createAccount, expect, expectAccessible, main, readQrCode, test } from './support.ts'

/**
 * The loyalty card without the network (docs/decisions/0046-cartao-sem-rede.md), in the browser with its real service
 * worker and storage, the network cut by the browser itself: after one visit the installed app opens '/fidelizacao'
 * and '/fidelizacao/qr' with the last QR, balances and transactions, 'Atualizado às HH:mm'; fresh again as soon as the
 * network is back; and a customer who signed out leaves nothing personal on the device for the next one.
 */

const STORE = 862
const CARTAO = 'balcao.cartao'

/** Waits until the app's service worker (registered once the first screen is done) controls the page. */
async function withWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
}

/** The card the device keeps, as the page reads it (null when none). */
const cartaoGuardado = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { cartao: { qrCode: string }; lidoEm: number } | null,
    CARTAO,
  )

async function qrCodeOf(request: APIRequestContext): Promise<string> {
  const { user } = await apiPost<PrivateData>(request, '/api/refresh-private-data', { value: true })
  return user.data?.qrCode ?? ''
}

/** `HH:mm` of an instant in Lisbon. */
const horaEmLisboa = (instant: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Lisbon',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant)

/** Opens the loyalty screen online, under the worker, and waits for its card to be kept on the device. */
async function visitCard(page: Page, qrCode: string): Promise<number> {
  await page.goto('/fidelizacao')
  await withWorker(page)
  await page.goto('/fidelizacao')
  await expect(main(page).getByText(qrCode, { exact: true })).toBeVisible()
  await expect.poll(async () => (await cartaoGuardado(page))?.cartao.qrCode).toBe(qrCode)
  return (await cartaoGuardado(page))?.lidoEm ?? 0
}

/**
 * What this origin keeps as data (localStorage, sessionStorage, every IndexedDB store, every Cache Storage answer that
 * is JSON or HTML) as one string, the keys of localStorage, and the addresses the caches hold. The app's own scripts
 * and styles, the same for everyone, are left out of the text.
 */
async function deviceContents(page: Page): Promise<{ text: string; storageKeys: string[]; cachedUrls: string[] }> {
  return page.evaluate(async () => {
    const parts: string[] = [JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })]
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of [...db.objectStoreNames]) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store, 'readonly').objectStore(store).getAll()
          req.onsuccess = () => resolve(req.result)
          req.onerror = () => reject(req.error)
        })
        parts.push(`${info.name}/${store}: ${JSON.stringify(all)}`)
      }
      db.close()
    }
    const cachedUrls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        cachedUrls.push(new URL(request.url).pathname)
        const response = await cache.match(request)
        const type = response?.headers.get('content-type') ?? ''
        if (response && /json|html/.test(type)) parts.push(await response.text())
      }
    }
    return { text: parts.join('\n'), storageKeys: Object.keys(localStorage), cachedUrls }
  })
}

async function offline(context: BrowserContext, page: Page, path: string) {
  await context.setOffline(true)
  await page.goto(path)
}

test.afterEach(async ({ context }) => {
  await context.setOffline(false)
})

test('after one visit the card opens without the network, marked with when it was read, and comes back fresh', async ({
  page,
  context,
  request,
}, testInfo) => {
  // A worker's install, two screens offline, a till purchase and the return: more than the default on a loaded machine.
  test.setTimeout(120_000)
  const account = await createAccount(page)
  const qrCode = await qrCodeOf(page.request)
  const caixa = pos(request, createStoreKey(STORE))
  const { cliente } = await caixa.identify({ qr: qrCode })
  // 20,00 € at 5%: 1,00 € to spend.
  await caixa.purchase(cliente.id, 2000)
  const lidoEm = await visitCard(page, qrCode)
  const marca = `Atualizado às ${horaEmLisboa(lidoEm)}`

  // No network: the app's shell from the worker, the card from the device.
  await offline(context, page, '/fidelizacao')
  await expect(page.getByRole('status').filter({ hasText: 'Atualizado' })).toHaveText(marca)
  const saldo = main(page).getByRole('region', { name: 'Saldo e pontos' })
  await expect(saldo).toContainText('Saldo disponível1,00 €')
  await expect(saldo).toContainText('Pontos20 / 100')
  await expect(main(page).getByText(qrCode, { exact: true })).toBeVisible()
  const ultimas = main(page).getByRole('table', { name: 'Últimas Transações' })
  await expect(ultimas.locator('tbody tr')).toHaveCount(1)
  await expect(ultimas).toContainText('+1,00 €')
  // The QR drawn offline is the one the till reads.
  const qr = main(page).getByRole('img', { name: 'Código QR de fidelização' })
  // In the middle of the screen: at its bottom the navigation bar would cover part of it.
  await qr.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await expect.poll(async () => readQrCode(await qr.screenshot())).toBe(qrCode)
  await page.screenshot({ path: testInfo.outputPath('fidelizacao-sem-rede.png'), fullPage: true })
  await expectAccessible(page)
  // Nothing that needs the server to change (the NIF choice) is offered on the kept card.
  await expect(page.getByRole('region', { name: 'Selecione o NIF' })).toHaveCount(0)

  // The full-screen QR, opened anew without the network (the app started on it, its chunk and worker from the cache).
  await page.goto('/fidelizacao/qr')
  await expect(page.getByRole('status')).toHaveText(marca)
  const qrGrande = page.getByRole('img', { name: 'Código QR de fidelização' })
  await expect.poll(async () => readQrCode(await qrGrande.screenshot())).toBe(qrCode)
  await expect(main(page)).toContainText(`+351 ${account.telemovel.replace(/(\d{3})(?=\d)/g, '$1 ')}`)
  await page.screenshot({ path: testInfo.outputPath('qr-sem-rede.png') })
  await expectAccessible(page)

  // Back on the loyalty screen; meanwhile a purchase at the till (10,00 €: +0,50 €). The network returns: fresh at once.
  await page.goto('/fidelizacao')
  await expect(page.getByRole('status').filter({ hasText: 'Atualizado' })).toHaveText(marca)
  await caixa.purchase(cliente.id, 1000)
  await context.setOffline(false)
  await expect(saldo).toContainText('Saldo disponível1,50 €')
  await expect(page.getByText(/^Atualizado/)).toHaveCount(0)
  await expect(ultimas.locator('tbody tr')).toHaveCount(2)
  // And the card kept is the fresh one.
  await expect.poll(async () => (await cartaoGuardado(page))?.lidoEm ?? 0).toBeGreaterThan(lidoEm)
})

test('signing out leaves no card behind: offline, the loyalty screens say there is no connection, nothing personal kept', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const account = await createAccount(page)
  const qrCode = await qrCodeOf(page.request)
  await visitCard(page, qrCode)

  await page.goto('/logout')
  await expect(page).toHaveURL('/')
  await expect.poll(() => cartaoGuardado(page)).toBeNull()

  for (const path of ['/fidelizacao', '/fidelizacao/qr']) {
    await offline(context, page, path)
    await expect(page.getByRole('heading', { name: 'Erro' })).toBeVisible()
    await expect(main(page)).toContainText('Sem ligação.')
    await expect(page.getByRole('img', { name: 'Código QR de fidelização' })).toHaveCount(0)
    await expect(page.locator('body')).not.toContainText(qrCode)
  }

  const { text, storageKeys, cachedUrls } = await deviceContents(page)
  expect(storageKeys).not.toContain(CARTAO)
  for (const pessoal of [qrCode, account.telemovel, account.nome, account.email]) {
    expect(text.includes(pessoal), `${pessoal} kept on the device`).toBe(false)
  }
  expect(
    cachedUrls.filter((url) => /^\/api\/(refresh-private-data|transacoes|encomendas|notificacoes)/.test(url)),
  ).toEqual([])
})

test("a customer signing in on a device another used never sees the other's card", async ({ page, context }) => {
  test.setTimeout(120_000)
  await createAccount(page)
  const primeiro = await qrCodeOf(page.request)
  await visitCard(page, primeiro)
  await page.goto('/logout')
  await expect.poll(() => cartaoGuardado(page)).toBeNull()

  // Another customer on the same phone, signed in (the API, as the browser: its cookie).
  await createAccount(page)
  const segundo = await qrCodeOf(page.request)
  expect(segundo).not.toBe(primeiro)
  await page.goto('/fidelizacao')
  await expect(main(page).getByText(segundo, { exact: true })).toBeVisible()
  await expect.poll(async () => (await cartaoGuardado(page))?.cartao.qrCode).toBe(segundo)

  await offline(context, page, '/fidelizacao/qr')
  const qr = page.getByRole('img', { name: 'Código QR de fidelização' })
  await qr.evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await expect.poll(async () => readQrCode(await qr.screenshot())).toBe(segundo)
  await page.goto('/fidelizacao')
  await expect(main(page).getByText(segundo, { exact: true })).toBeVisible()
  expect((await deviceContents(page)).text.includes(primeiro), "the first customer's QR kept on the device").toBe(false)
})
