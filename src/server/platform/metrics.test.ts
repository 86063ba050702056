import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testDialects } from '../testing/harness.ts'

/**
 * /metrics: absent without METRICS_TOKEN, refused without the token, and with it Prometheus' text format
 * with the figures an operator watches — requests by route pattern and status, SMS, open streams, the outboxes, the
 * payments and the reconciliation, the process and (PostgreSQL) the pool.
 */

const TOKEN = 'um-token-de-metricas-com-comprimento'

describe.each(testDialects())('/metrics on %s', (dialect) => {
  let t: TestApp
  afterEach(() => t.close())

  const metrics = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

  it('does not exist without METRICS_TOKEN, and nothing is counted', async () => {
    t = await createTestApp(dialect)
    expect((await metrics(`Bearer ${TOKEN}`)).statusCode).toBe(404)
    expect(t.app.metricas).toBeNull()
  })

  it('answers only the token, with the figures an operator watches', async () => {
    t = await createTestApp(dialect, { METRICS_TOKEN: TOKEN })
    const semToken = await metrics()
    expect(semToken.statusCode).toBe(401)
    expect(semToken.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    expect(semToken.json().error.message).toBe('Indique o token das métricas.')
    expect((await metrics(`Bearer ${TOKEN}x`)).statusCode).toBe(401)
    expect((await metrics(TOKEN)).statusCode).toBe(401)

    // Some traffic: a public read twice, an unknown path, an SMS (a sign-up's code).
    await t.api('GET', '/api/novidades')
    await t.api('GET', '/api/novidades')
    await t.api('GET', '/api/nao-existe')
    const codigo = await t.api('POST', '/registo', { telemovel: '912345678', pais: '351', termos: true })
    expect(codigo.statusCode, codigo.body).toBeLessThan(300)

    const res = await metrics(`Bearer ${TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    const texto = res.body
    expect(texto).toMatch(/balcao_http_pedidos_total\{metodo="GET",rota="\/api\/novidades",estado="200"\} 2/)
    // An unknown path is one series, whatever was asked (no series per URL).
    expect(texto).toMatch(/balcao_http_pedidos_total\{metodo="GET",rota="sem-rota",estado="404"\} 1/)
    expect(texto).not.toContain('nao-existe')
    expect(texto).toMatch(
      /balcao_http_duracao_segundos_bucket\{le="0.005",metodo="GET",rota="\/api\/novidades",classe="2xx"\}/,
    )
    expect(texto).toMatch(/balcao_sms_total\{resultado="enviado"\} 1/)
    expect(texto).toMatch(/balcao_email_outbox_pendentes 0/)
    expect(texto).toMatch(/balcao_push_envios_pendentes 0/)
    expect(texto).toMatch(/balcao_pagamentos\{estado="pendente"\} 0/)
    expect(texto).toMatch(/balcao_reembolsos\{estado="a-reembolsar"\} 0/)
    expect(texto).toMatch(/balcao_reconciliacao_atraso_segundos 0/)
    expect(texto).toMatch(/balcao_event_bus_religacoes_total 0/)
    expect(texto).toMatch(/process_resident_memory_bytes \d+/)
    expect(texto).toMatch(/nodejs_eventloop_lag_seconds/)
    if (dialect === 'postgres') expect(texto).toMatch(/balcao_db_pool_ligacoes\{estado="total"\} \d+/)
    // No customer's number or code reaches the figures.
    expect(texto).not.toMatch(/912345678/)
  })

  it('counts an open event stream while it is open', async () => {
    t = await createTestApp(dialect, { METRICS_TOKEN: TOKEN })
    const fechar = t.app.metricas?.streamAberto('/api/eventos')
    expect((await metrics(`Bearer ${TOKEN}`)).body).toMatch(/balcao_event_streams_abertos\{rota="\/api\/eventos"\} 1/)
    fechar?.()
    fechar?.()
    expect((await metrics(`Bearer ${TOKEN}`)).body).toMatch(/balcao_event_streams_abertos\{rota="\/api\/eventos"\} 0/)
  })
})
