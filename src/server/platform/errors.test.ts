import { connect } from 'node:net'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_VERSION } from '../../shared/api.ts'
import { createTestApp, type TestApp } from '../testing/harness.ts'
import { HASH_COST_DEFAULT } from './crypto.ts'
import {
  frameworkMessages,
  HttpError,
  isDatabaseUnavailable,
  marcarErroDaBaseDeDados,
  registerErrorHandling,
  TooManyRequests,
} from './errors.ts'

/** Sends raw bytes to the server and reads the whole answer (the server closes the connection after an error). */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk) => {
      answer += chunk
    })
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
    socket.write(bytes)
  })
}

const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))

describe('every error the server produces is the pt-PT envelope', () => {
  let t: TestApp
  let port: number

  beforeAll(async () => {
    t = await createTestApp('sqlite', { BODY_LIMIT: 2048 })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
  })
  afterAll(() => t.close())

  const headers = { accept: 'application/json', 'x-api-version': API_VERSION }

  it.each([
    ['a page URL that does not decode', 'GET', '/novidades/%E0%A4%A', undefined, 400, frameworkMessages.badUrl],
    ['a form URL that does not decode', 'POST', '/login%ZZ', '{}', 400, frameworkMessages.badUrl],
    ['an API URL that does not decode', 'GET', '/api/novidades/%E0%A4%A', undefined, 400, frameworkMessages.badUrl],
    ['a parameter past its length', 'POST', `/registo/${'a'.repeat(200)}`, '{}', 414, frameworkMessages.urlTooLong],
    ['a body that is not JSON', 'POST', '/login', '{"telemovel":', 400, frameworkMessages.badJson],
    ['an empty JSON body', 'POST', '/login', '', 400, frameworkMessages.badJson],
    ['a body with __proto__', 'POST', '/login', '{"__proto__":{"x":1}}', 400, frameworkMessages.badJson],
    ['a body too large', 'POST', '/login', JSON.stringify({ x: 'y'.repeat(4000) }), 413, frameworkMessages.tooLarge],
    ['an unknown API path', 'GET', '/api/nada', undefined, 404, frameworkMessages.notFound],
    ['another method on an API path', 'DELETE', '/api/novidades', undefined, 404, frameworkMessages.notFound],
  ] as const)('%s', async (_name, method, url, payload, status, message) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    })
    expect(res.statusCode).toBe(status)
    expect(res.headers['content-type']).toContain('application/json')
    expect(res.json()).toEqual({ error: { title: expect.any(String), message } })
  })

  it('a content type other than JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<x/>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json().error.message).toBe(frameworkMessages.notJson)
  })

  it('an HTTP request the parser refuses', async () => {
    const raw = await rawRequest(port, 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n')
    expect(raw).toMatch(/^HTTP\/1\.1 400 /)
    expect(bodyOf(raw)).toEqual({ error: { title: 'Erro', message: frameworkMessages.badRequest } })
  })

  it('headers too large', async () => {
    const raw = await rawRequest(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(raw).toMatch(/^HTTP\/1\.1 431 /)
    expect(bodyOf(raw)).toEqual({ error: { title: 'Erro', message: frameworkMessages.headersTooLarge } })
  })

  it('a request that arrives while the server drains', async () => {
    // Real hashing cost, so the login is still in flight when the drain starts.
    const other = await createTestApp('sqlite', { HASH_COST: HASH_COST_DEFAULT })
    await other.app.listen({ host: '127.0.0.1', port: 0 })
    const address = other.app.server.address()
    const otherPort = typeof address === 'object' && address ? address.port : 0
    // On one kept-alive connection: a login (slowed by scrypt) is in flight when the drain starts; the next request on
    // that connection reaches a server that is closing.
    const login = JSON.stringify({ telemovel: '912345678', pais: '351', password: '0000' })
    let received = ''
    let sent = false
    const socket = connect(otherPort, '127.0.0.1')
    socket.setEncoding('utf8')
    const done = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    // Writing to a connection the server is closing may fail: what counts is what it answered.
    socket.on('error', () => {})
    socket.on('data', (chunk: string) => {
      received += chunk
      // The whole first answer is in (its JSON body closes the envelope): now the next request.
      if (!sent && received.includes('}}')) {
        sent = true
        socket.write(`GET /api/novidades HTTP/1.1\r\nHost: x\r\nX-Api-Version: ${API_VERSION}\r\n\r\n`)
      }
    })
    socket.write(
      `POST /login HTTP/1.1\r\nHost: x\r\nX-Api-Version: ${API_VERSION}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${login.length}\r\n\r\n${login}`,
    )
    await new Promise((resolve) => setTimeout(resolve, 10))
    const closed = other.app.close()
    await done
    await closed
    await other.database.close()
    // The last answer on the connection came from a closing server (the login itself, if the drain began before it
    // was read; the next request otherwise).
    const last = received.slice(received.lastIndexOf('HTTP/1.1 '))
    expect(last).toMatch(/^HTTP\/1\.1 503 /)
    expect(bodyOf(last)).toEqual({ error: { title: 'Indisponível', message: frameworkMessages.closing } })
  })
})

describe('every 429', () => {
  it('says when to come back: Retry-After in whole seconds, rounded up, at least 1', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    app.get('/espera/:ms', async (request) => {
      throw new TooManyRequests(Number((request.params as { ms: string }).ms), 'Aguarde um pouco.', 'Aguarde')
    })
    // One made some other way still says it (a minute).
    app.get('/outro', async () => {
      throw new HttpError(429, 'Demasiados.')
    })
    const retryAfter = async (url: string) => {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(429)
      return res.headers['retry-after']
    }
    expect(await retryAfter('/espera/60000')).toBe('60')
    expect(await retryAfter('/espera/1500')).toBe('2')
    expect(await retryAfter('/espera/0')).toBe('1')
    expect(await retryAfter('/espera/-5')).toBe('1')
    expect(await retryAfter('/outro')).toBe('60')
    const res = await app.inject({ method: 'GET', url: '/espera/1000' })
    expect(res.json()).toEqual({ error: { title: 'Aguarde', message: 'Aguarde um pouco.' } })
    await app.close()
  })
})

describe('the database out of reach', () => {
  it('is a 503 with the envelope and Retry-After, not a 500; any other error stays a 500', async () => {
    const app = Fastify({ logger: false })
    registerErrorHandling(app)
    const falhas: Record<string, () => Error> = {
      recusada: () =>
        marcarErroDaBaseDeDados(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
        ),
      reiniciada: () => marcarErroDaBaseDeDados(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })),
      classe08: () => Object.assign(new Error('connection failure'), { code: '08006' }),
      cortada: () => new Error('Connection terminated unexpectedly'),
      semLigacao: () => new Error('timeout exceeded when trying to connect'),
      desligado: () =>
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      sqlite: () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
      // PgBouncer's refusals, its one code with its own words (PostgreSQL beyond it gone, its pool full).
      pgbouncerSemServidor: () =>
        Object.assign(new Error('pgbouncer cannot connect to server'), { code: '08P01', severity: 'ERROR' }),
      pgbouncerEspera: () => Object.assign(new Error('query_wait_timeout'), { code: '08P01', severity: 'ERROR' }),
      outro: () => Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }),
      // Bugs or the request's own conflicts, never an outage: retried blindly they would hide the fault.
      impasse: () => Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      serializacao: () => Object.assign(new Error('could not serialize access'), { code: '40001' }),
      duplicado: () => Object.assign(new Error('duplicate key value'), { code: '23505' }),
      protocolo: () => Object.assign(new Error('protocol violation'), { code: '08P01' }),
      // The same socket codes from another client (the SMS or payment provider's HTTP): not the database.
      smsRecusado: () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:443'), { code: 'ECONNREFUSED' }),
      pagamentosReset: () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      dnsProvedor: () => Object.assign(new Error('getaddrinfo EAI_AGAIN api.ifthenpay.com'), { code: 'EAI_AGAIN' }),
    }
    app.get('/falha/:tipo', async (request) => {
      throw falhas[(request.params as { tipo: string }).tipo]?.()
    })
    for (const tipo of [
      'recusada',
      'reiniciada',
      'classe08',
      'cortada',
      'semLigacao',
      'desligado',
      'sqlite',
      'pgbouncerSemServidor',
      'pgbouncerEspera',
    ]) {
      expect(isDatabaseUnavailable(falhas[tipo]?.()), tipo).toBe(true)
      const res = await app.inject({ method: 'GET', url: `/falha/${tipo}` })
      expect(res.statusCode, tipo).toBe(503)
      expect(res.headers['retry-after']).toBe('5')
      expect(res.json()).toEqual({
        error: { title: 'Serviço indisponível', message: frameworkMessages.databaseUnavailable },
      })
    }
    for (const tipo of [
      'outro',
      'impasse',
      'serializacao',
      'duplicado',
      'protocolo',
      'smsRecusado',
      'pagamentosReset',
      'dnsProvedor',
    ]) {
      expect(isDatabaseUnavailable(falhas[tipo]?.()), tipo).toBe(false)
      expect((await app.inject({ method: 'GET', url: `/falha/${tipo}` })).statusCode, tipo).toBe(500)
    }
    await app.close()
  })
})
