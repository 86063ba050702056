import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { closeSync, openSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { devices } from '@playwright/test'
import type { DefinicoesFidelizacao } from '../src/shared/admin-definicoes.ts'
import { diaEmLisboa, formatDia, formatMoney } from '../src/shared/format.ts'
import { adminNaConsola } from './admin-support.ts'
import { createStoreKey, pos } from './loja.ts'
import { apiPost, test as base, createAccount, expect, expectAccessible, main } from './support.ts'

/**
 * Credit and points that expire (decision 0058). The expiry reads the whole ledger: run as at a later month, it takes
 * every customer's credit and points earned this month, and tells each of them. The journeys share one demo database
 * and run side by side (playwright.config.ts: fullyParallel, two workers), so this file brings up a demo server of its
 * own (scripts/e2e-server.mjs on a free port and a fresh SQLite file) and expires only what it made there.
 */

const LOJA = 862
const SHOTS = '.tmp/screens'
const { defaultBrowserType: _, ...TELEMOVEL } = devices['Pixel 7']

interface Servidor {
  baseURL: string
  databaseFile: string
}

function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const endereco = server.address()
      server.close(() => (endereco && typeof endereco === 'object' ? resolve(endereco.port) : reject(new Error())))
    })
  })
}

async function atePronto(url: string, processo: ChildProcess, log: string): Promise<void> {
  const limite = Date.now() + 120_000
  while (Date.now() < limite) {
    if (processo.exitCode !== null) throw new Error(`the expiry's server ended (${processo.exitCode}): ${log}`)
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`the expiry's server did not answer at ${url}: ${log}`)
}

const test = base.extend<object, { servidor: Servidor }>({
  servidor: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const porta = await portaLivre()
      const databaseFile = `.tmp/e2e-demo-${porta}.sqlite`
      // Its log, for when it does not come up (the last run's).
      const logFile = `.tmp/e2e-expiracao-servidor.log`
      const log = openSync(logFile, 'w')
      const processo = spawn('node', ['scripts/e2e-server.mjs', String(porta), 'demo'], { stdio: ['ignore', log, log] })
      const terminou = new Promise((resolve) => processo.once('exit', resolve))
      try {
        const baseURL = `http://127.0.0.1:${porta}`
        await atePronto(baseURL, processo, logFile)
        await use({ baseURL, databaseFile })
      } finally {
        processo.kill('SIGTERM')
        await terminou
        closeSync(log)
        for (const sufixo of ['', '-wal', '-shm']) rmSync(databaseFile + sufixo, { force: true })
      }
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ servidor }, use) => use(servidor.baseURL),
})

/** `YYYY-MM-DD` of day `dia` of the month `meses` after `YYYY-MM` (day 0: the last of the month before). */
function diaDoMes(anoMes: string, meses: number, dia: number): string {
  const [ano = 0, mes = 0] = anoMes.split('-').map(Number)
  return new Date(Date.UTC(ano, mes - 1 + meses, dia)).toISOString().slice(0, 10)
}

test('credit and points expire at the end of the month the back-office says, and the card says so before', async ({
  page,
  browser,
  servidor,
}) => {
  test.setTimeout(120_000)
  const admin = await browser.newContext({ ...TELEMOVEL, baseURL: servidor.baseURL })
  const gestao = await admin.newPage()
  const regras = async (validade_meses: number) => {
    const headers = { accept: 'application/json', 'x-api-version': '1.0' }
    const lidas = await gestao.request.get('/admin/api/definicoes/fidelizacao', { headers })
    const { atuais } = ((await lidas.json()) as { data: DefinicoesFidelizacao }).data
    const res = await gestao.request.post('/admin/api/definicoes/fidelizacao', {
      headers,
      data: { ...atuais, validade_meses },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  try {
    // The admin sets a month of validity in Definições.
    await adminNaConsola(gestao, 'expiracao', `sqlite:${servidor.databaseFile}`)
    await gestao.goto('/admin/definicoes')
    const validade = gestao.getByRole('spinbutton', { name: 'Validade do saldo e dos pontos (meses)' })
    await expect(validade).toHaveValue('0')
    await expect(validade).toHaveAccessibleDescription(
      'Expiram no fim do mês, N meses depois do mês em que foram ganhos. 0: nunca expiram.',
    )
    await validade.fill('1')
    await gestao.getByRole('button', { name: 'Guardar regras' }).click()
    await expect(gestao.getByRole('status').filter({ hasText: 'Regras guardadas' })).toContainText(
      'prémio a cada 100 pontos, validade de 1 mês',
    )
    await expect(validade).toHaveValue('1')
    await expectAccessible(gestao)
    await validade.scrollIntoViewIfNeeded()
    await gestao.screenshot({ path: `${SHOTS}/expiracao-definicoes.png` })

    // A customer's purchase at the till: 20 € gives 1,00 € of credit (the demo's 5 %) and 20 points.
    await createAccount(page)
    const { user } = await apiPost<{ user: { data: { id: number; qrCode: string } } }>(
      page.request,
      '/api/refresh-private-data',
      { value: true },
    )
    const caixa = pos(page.request, createStoreKey(LOJA, `e2e-expiracao-${randomUUID()}`, servidor.databaseFile))
    const mes = diaEmLisboa(Date.now()).slice(0, 7)
    await caixa.identify({ qr: user.data.qrCode })
    await caixa.purchase(user.data.id, 2000)

    // Earned this month, they last until the end of the next one: the card says how much and until when.
    const ultimoDia = diaDoMes(mes, 2, 0)
    await page.goto('/fidelizacao')
    const saldo = main(page).locator('.fid-disponivel dd')
    await expect(saldo).toHaveText(formatMoney(100))
    const frase = `Expiram ${formatMoney(100)} de saldo e 20 pontos no fim do dia ${formatDia(ultimoDia)}.`
    await expect(main(page).getByText(frase)).toBeVisible()
    await expectAccessible(page)
    await main(page).getByText(frase).scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/expiracao-cartao.png` })

    // The day after that last day, the daily job writes them off (this server's customers only: its own database).
    const agora = `${diaDoMes(mes, 2, 1)}T09:00:00.000Z`
    const corrida = await apiPost<{ expirados: number; avisos: number }>(page.request, '/api/dev/expiracao', { agora })
    expect(corrida.expirados).toBeGreaterThanOrEqual(1)

    await page.goto('/fidelizacao')
    await expect(saldo).toHaveText(formatMoney(0))
    await expect(main(page).locator('.fid-numeros dd').first()).toHaveText('0 / 100')
    await expect(main(page).getByText(/no fim do dia/)).toHaveCount(0)
    const ultimas = main(page).getByRole('table', { name: 'Últimas Transações' })
    const expiracao = ultimas.getByRole('row').filter({ hasText: 'Expiração' })
    await expect(expiracao).toHaveCount(1)
    await expect(expiracao).toContainText('Saldo e pontos expirados')
    await expect(expiracao).toContainText(`-${formatMoney(100)}`)
    await expect(expiracao).toContainText('-20 pontos')
    await expectAccessible(page)

    // All the transactions: the expiry has no opinion to give and no invoice; the purchase keeps its own.
    await page.goto('/fidelizacao/transacoes')
    const todas = main(page).getByRole('table', { name: 'Transações' })
    const linha = todas.getByRole('row').filter({ hasText: 'Expiração' })
    await expect(linha).toContainText(`-${formatMoney(100)}`)
    await expect(linha.getByRole('link')).toHaveCount(0)
    await expect(todas.getByRole('row').filter({ hasText: 'Compra' }).getByRole('link')).toHaveText(
      'Deixe a sua opinião',
    )
    await expectAccessible(page)
    await page.screenshot({ path: `${SHOTS}/expiracao-transacoes.png`, fullPage: true })

    // And the customer was told.
    await page.goto('/notificacoes')
    await expect(main(page).getByText('Saldo e pontos expirados')).toBeVisible()
  } finally {
    // Never expiring again, as the demo is (the server is this file's alone, and ends with it).
    await regras(0).catch(() => undefined)
    await admin.close()
  }
})
