// Starts the real server for the e2e suite on a fresh SQLite file: `node scripts/e2e-server.mjs <port> <demo|empty>`.
import { rmSync } from 'node:fs'
import { register } from 'tsx/esm/api'

const [port = '4101', content = 'demo'] = process.argv.slice(2)
const file = `.tmp/e2e-${content}-${port}.sqlite`
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })

Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  DATABASE_URL: `sqlite:${file}`,
  SEED_DEMO: content === 'demo' ? 'true' : 'false',
  // The demo's Sunday promotion would double the points of the journeys run on a Sunday: they set their own.
  SEED_DEMO_PROMOCOES: 'false',
  // The journeys do not test hashing: scrypt at its cheapest.
  HASH_COST: '10',
  // The journeys open a store's board in one test and order from that store in tests run many minutes later: its
  // absence in between must not pause the store (the integration suite tests that pause under a controlled clock).
  PAUSA_SEM_PAINEL_MIN: '0',
  // Tests run side by side order from the same stores: each order's promise is its products' time alone (the queue's
  // minutes are the integration suite's, under a controlled clock).
  FILA_MINUTOS_POR_ENCOMENDA: '0',
  // The empty server's content is written by the tests straight into its database (there is no back office yet),
  // behind the read cache's back: it reads every time.
  ...(content === 'empty' ? { READ_CACHE_MAX_AGE_MS: '0' } : {}),
})
register()
if (content === 'empty') {
  // The wallets, on the server the loyalty journeys do not use (their screens stay as they are): a certificate chain
  // and keys the suite makes for itself; APNs and Google's API unreachable, so updates wait in the outbox.
  const { certificadosDeTeste } = await import('../src/server/testing/carteira-certificados.ts')
  const c = certificadosDeTeste()
  Object.assign(process.env, {
    APPLE_WALLET_PASS_TYPE_ID: c.passTypeId,
    APPLE_WALLET_TEAM_ID: c.teamId,
    APPLE_WALLET_CERT: c.certificado,
    APPLE_WALLET_KEY: c.chave,
    APPLE_WALLET_WWDR: c.wwdr,
    APPLE_APNS_KEY: c.apnsChave,
    APPLE_APNS_KEY_ID: c.apnsKeyId,
    APPLE_APNS_URL: 'https://127.0.0.1:9',
    GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
    GOOGLE_WALLET_CLASS_ID: 'fidelizacao',
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
      client_email: c.googleEmail,
      private_key: c.googleChave,
      token_uri: 'http://127.0.0.1:9/token',
    }),
    GOOGLE_WALLET_API_URL: 'http://127.0.0.1:9',
  })
}
await import('../src/server/main.ts')
