import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Page } from '@playwright/test'

/**
 * The store side, for journeys that need a till: a store key made by `npm run store:key` against the e2e server's own
 * database (as an operator would, while the server runs), and the Store API called as a POS would call it.
 */

const port = Number(process.env.E2E_PORT ?? 4101)
/** The demo server's database (scripts/e2e-server.mjs). */
export const demoDatabaseFile = `.tmp/e2e-demo-${port}.sqlite`

/**
 * A new store key for `idLoja` (the command prints it alone on its last line); `databaseFile`: another server's
 * database than the demo's.
 */
export function createStoreKey(
  idLoja: number,
  etiqueta = `e2e-${randomUUID()}`,
  databaseFile = demoDatabaseFile,
): string {
  const out = execFileSync('npm', ['run', '-s', 'store:key', '--', String(idLoja), etiqueta], {
    env: { ...process.env, DATABASE_URL: `sqlite:${databaseFile}`, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
  const key = out.trim().split('\n').at(-1) ?? ''
  expect(key).toMatch(/^loja_[\w-]{40,}$/)
  return key
}

/** Revokes a key by its label (`npm run store:key -- --revoke`), as an operator would while the server runs. */
export function revokeStoreKey(etiqueta: string): void {
  execFileSync('npm', ['run', '-s', 'store:key', '--', '--revoke', etiqueta], {
    env: { ...process.env, DATABASE_URL: `sqlite:${demoDatabaseFile}`, LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  })
}

/** A POS of one store: identify customers, register purchases, refund. */
export function pos(request: APIRequestContext, key: string) {
  const call = async <T>(path: string, body: unknown, idempotent = true): Promise<T> => {
    const res = await request.post(`/api/loja/v1${path}`, {
      headers: {
        Authorization: `Bearer ${key}`,
        ...(idempotent ? { 'Idempotency-Key': randomUUID() } : {}),
      },
      data: body,
    })
    expect(res.ok(), `${path} → ${res.status()} ${await res.text()}`).toBe(true)
    return ((await res.json()) as { data: T }).data
  }
  // The newest proof of identification of each customer: a purchase that spends their balance takes it (one each).
  const provas = new Map<number, string>()
  return {
    identify: async (body: { qr: string } | { telemovel: string; pais: string; codigo_seguranca?: string }) => {
      const found = await call<{
        cliente: { id: number; nome: string | null; saldo: number; pontos: number; itens: number }
        identificacao: string
      }>('/clientes/identificar', body, false)
      provas.set(found.cliente.id, found.identificacao)
      return found
    },
    /** Spending balance needs the customer identified first (`identify`), as at a real till. */
    purchase: (clienteId: number, total: number, saldoAUsar = 0) => {
      const identificacao = saldoAUsar > 0 ? provas.get(clienteId) : undefined
      if (identificacao) provas.delete(clienteId)
      return call<{ transacao: { id: number; saldo_adicionado: number; saldo_actual: number } }>('/compras', {
        cliente_id: clienteId,
        identificacao,
        total,
        saldo_a_usar: saldoAUsar,
        referencia: `FT E2E/${randomUUID().slice(0, 8)}`,
      })
    },
    refund: (compraId: number, valor: number) => call(`/compras/${compraId}/devolucoes`, { valor }),
  }
}

/** Pairs the tablet (`page`) with a store key through /painel/entrar, which opens the till. */
export async function pair(page: Page, key: string) {
  await page.goto('/painel/entrar')
  await page.getByLabel('Chave da loja', { exact: true }).fill(key)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).toHaveURL(/\/painel\/caixa$/)
}
