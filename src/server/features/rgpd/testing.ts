import { expect } from 'vitest'
import type { TestApp } from '../../testing/harness.ts'

/** What the GDPR tests share: the e-mails the outbox holds and the link in the newest one to an address. */

export async function emailsPara(t: TestApp, para: string) {
  return t.database.db.selectFrom('email_outbox').selectAll().where('para', '=', para).orderBy('id', 'desc').execute()
}

/** The token of the newest GDPR link e-mailed to `para` (`/rgpd/<tipo>/<token>`). */
export async function tokenDoEmail(t: TestApp, para: string, tipo: 'esquecimento' | 'portabilidade') {
  const [email] = await emailsPara(t, para)
  expect(email, `no e-mail to ${para}`).toBeDefined()
  const match = email?.texto.match(new RegExp(`/rgpd/${tipo}/([A-Za-z0-9_-]+)`))
  expect(match, email?.texto).not.toBeNull()
  return match?.[1] as string
}
