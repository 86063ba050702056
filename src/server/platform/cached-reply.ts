import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib'
import type { FastifyReply } from 'fastify'
import { logAsRoutine } from './logging.ts'
import type { ReadCache } from './read-cache.ts'

/**
 * Public reads answered from the read cache as they leave the server: the JSON the route's own response schema lets
 * out (the serializer's allow-list), its ETag and each compressed form, all made once per change instead of once per
 * request (docs/decisions/0008). What a client receives is what the framework's plugins would have sent: the same
 * body, the same ETag (@fastify/etag's SHA-1) and the same choice of content coding (@fastify/compress's).
 */

/** Smaller bodies go as they are: compressing them saves less than it costs (app.ts gives @fastify/compress the same). */
export const COMPRESS_THRESHOLD_BYTES = 1024

type Coding = 'br' | 'gzip' | 'deflate'

/** In the server's order of preference when a client accepts several equally, as @fastify/compress orders them. */
const CODINGS = ['br', 'gzip', 'deflate', 'identity'] as const

const COMPRESSORS: Record<Coding, (body: Buffer) => Buffer> = {
  // Quality 4, as @fastify/compress: near gzip's cost; 11 would take tens of milliseconds for a few percent.
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
  deflate: (body) => deflateSync(body),
}

/** Clients send a handful of distinct Accept-Encoding values; past this many, the memo starts afresh. */
const NEGOTIATED_MAX = 64
const negotiated = new Map<string, Coding | 'identity'>()

/** The coding a client's Accept-Encoding prefers (highest q, then the server's order); identity when none. */
export function negotiateCoding(header: string | undefined): Coding | 'identity' {
  if (!header) return 'identity'
  let coding = negotiated.get(header)
  if (coding === undefined) {
    coding = preferredCoding(header)
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear()
    negotiated.set(header, coding)
  }
  return coding
}

function preferredCoding(header: string): Coding | 'identity' {
  let best: (typeof CODINGS)[number] = 'identity'
  let bestQ = 0
  let bestRank: number = CODINGS.length
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';')
    const coding = name.trim().toLowerCase()
    const q = params.reduce((found, p) => {
      const [k, v] = p.split('=')
      return k?.trim().toLowerCase() === 'q' ? Number(v) : found
    }, 1)
    const rank = coding === '*' ? 0 : CODINGS.indexOf(coding as Coding)
    if (rank < 0 || !(q > 0)) continue
    if (q > bestQ || (q === bestQ && rank < bestRank)) {
      best = CODINGS[rank] ?? 'identity'
      bestQ = q
      bestRank = rank
    }
  }
  return best
}

/** A body with its ETag and its compressed forms, each made on its first request only. */
export class Representation {
  readonly etag: string
  readonly #encoded = new Map<Coding, Buffer>()

  constructor(
    readonly body: Buffer,
    readonly until: Date | null = null,
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64')}"`
  }

  /** The body in `coding`, compressed on its first request only. */
  in(coding: Coding): Buffer {
    let encoded = this.#encoded.get(coding)
    if (!encoded) {
      encoded = COMPRESSORS[coding](this.body)
      this.#encoded.set(coding, encoded)
    }
    return encoded
  }
}

export interface CachedRead<P = unknown> {
  /** Unique per route and its parameters (validated ones only: a key is never made of what a client typed freely). */
  key: string
  /** What `ReadCache.invalidate` names to forget it: its feature, and the kind of content. */
  tags: readonly string[]
  /** When the answer stops being true by itself (a campaign's end), read from the payload `load` gave. */
  until?: (payload: P) => Date | null
}

/**
 * Sends the route's answer from the cache, loading it with `load` (the whole success payload, `{ data }`) on a miss.
 * The route registers with `compress: false`: the compressed forms are cached here. A failed load (a 404) goes to the
 * error handler as a thrown error would, and is not kept.
 *
 * Callback style (the handler returns nothing, this sends): an async handler would have to wait for the response to
 * finish (`return reply`), and on a path this short that wait is a measurable share of the request.
 */
export function replyFromCache<P>(
  reply: FastifyReply,
  cache: ReadCache,
  { key, tags, until }: CachedRead<P>,
  load: () => Promise<P>,
): void {
  let loaded = false
  cache
    .get(
      key,
      tags,
      async () => {
        loaded = true
        const payload = await load()
        return new Representation(toBuffer(reply.serialize(payload)), until?.(payload) ?? null)
      },
      { until: (representation) => representation.until },
    )
    .then(
      (representation) => {
        // A hit is routine; a miss went to the database, and its line (and time) stays visible.
        if (!loaded) logAsRoutine(reply.request)
        send(reply, representation)
      },
      (error: unknown) => reply.send(error),
    )
}

const toBuffer = (serialized: string | Buffer | ArrayBuffer) =>
  typeof serialized === 'string' ? Buffer.from(serialized) : Buffer.from(serialized as Buffer)

/**
 * Sends a body made once for the process (the OpenAPI document, its reference page): its ETag and compressed forms
 * are computed once too. The route registers with `compress: false`, as for `replyFromCache`.
 */
export function replyWithRepresentation(reply: FastifyReply, representation: Representation, type: string): void {
  send(reply, representation, type)
}

function send(reply: FastifyReply, representation: Representation, type = 'application/json; charset=utf-8'): void {
  // @fastify/etag keeps an ETag already set, and answers 304 to a matching If-None-Match.
  reply.type(type).header('etag', representation.etag)
  if (representation.body.length < COMPRESS_THRESHOLD_BYTES) {
    reply.send(representation.body)
    return
  }
  reply.header('vary', 'accept-encoding')
  const coding = negotiateCoding(reply.request.headers['accept-encoding'])
  if (coding === 'identity') reply.send(representation.body)
  else reply.header('content-encoding', coding).send(representation.in(coding))
}
