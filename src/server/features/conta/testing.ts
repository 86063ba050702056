import { expect } from 'vitest'
import { manualClock } from '../../platform/clock.ts'
import type { Dialect } from '../../platform/db.ts'
import { createTestApp, device, lastSmsCode, type TestApp } from '../../testing/harness.ts'

/**
 * What the account route tests share (signup, sms-codes, login, recovery, profile, credentials, sessions,
 * provisional): the person who signs up, and the app they sign up on.
 */

export const PHONE = '912345678'
export const E164 = '+351912345678'
export const DADOS = {
  nome: 'Ana Silva',
  email: 'ana@exemplo.pt',
  dataNascimento: '1990-05-17',
  genero: 'F',
  codigoPostal: '1100-048',
  nif1: '123456789',
  nomeFaturacao1: 'Ana Silva',
  comunicacoes: true,
  aceitacao: true,
}

export type ManualClock = ReturnType<typeof manualClock>

/** A fresh app on a clock the test moves by hand (each test's `beforeEach`). */
export async function accountsApp(dialect: Dialect) {
  const clock = manualClock('2026-11-22T10:00:00.000Z')
  const t = await createTestApp(dialect, {}, { clock })
  return { t, clock }
}

/** Sign-up through the SMS code, then personal data with a password: an active account. */
export async function registerAccount(t: TestApp, phone = PHONE, password = '135790', ip?: string) {
  const d = device(t, ip)
  const start = await d.call('POST', '/registo', { telemovel: phone, pais: '351', termos: true })
  expect(start.statusCode, start.body).toBe(200)
  const { hash } = start.json().data
  const code = await lastSmsCode(t, `+351${phone}`)
  const confirm = await d.call('POST', `/registo/${hash}`, { codigo: code })
  expect(confirm.statusCode, confirm.body).toBe(200)
  const dados = await d.call('POST', '/alterar-dados-pessoais', { ...DADOS, password, confirmacaoPassword: password })
  expect(dados.statusCode, dados.body).toBe(200)
  return d
}

/** The `user` of an answer that carries private data. */
export const user = (res: {
  json(): { data: { user: { loggedIn: boolean; sawOnboarding: boolean; data: Record<string, unknown> | null } } }
}) => res.json().data.user
