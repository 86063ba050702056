import type { OpenApiDocument, OpenApiOperation } from './document.ts'
import type { JsonSchema } from './json-schema.ts'

/**
 * The document as a readable page, rendered on the server: no script at all (the app's CSP allows scripts from this
 * origin only, and this page needs none: sections fold with <details>), one stylesheet of our own, no outside host.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  )

/** The little Markdown the document's texts use: paragraphs, `code`, **bold**. */
function markdown(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const html = escapeHtml(paragraph.replace(/\n/g, ' '))
        .replace(/`([^`]+)`/g, '<code>$1</code>')
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      return `<p>${html}</p>`
    })
    .join('\n')
}

const anchorOf = (operationId: string) => `op-${operationId}`
const refName = (ref: string) => ref.replace('#/components/schemas/', '')
const schemaAnchor = (name: string) => `schema-${name}`
const tagAnchor = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`

/** A schema in a line: its type and constraints. */
function typeOf(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return refName(schema.$ref)
  if ('const' in schema) return `= ${JSON.stringify(schema.const)}`
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (variants) return variants.map(typeOf).join(' | ')
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any')
  const items = schema.items as JsonSchema | undefined
  const base = type === 'array' && items ? `array of ${typeOf(items)}` : type
  const facts: string[] = []
  for (const [key, label] of [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['exclusiveMinimum', '>'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['pattern', 'pattern'],
    ['format', 'format'],
    ['default', 'default'],
  ] as const) {
    const value = schema[key]
    // zod's safe-integer bounds say nothing to a reader.
    if (value === undefined || (typeof value === 'number' && Math.abs(value) >= Number.MAX_SAFE_INTEGER)) continue
    facts.push(`${label} ${typeof value === 'string' ? value : JSON.stringify(value)}`)
  }
  return facts.length ? `${base} (${facts.join(', ')})` : base
}

/** A schema as a nested list of its fields, a few levels deep; past that, its JSON. */
function schemaHtml(schema: JsonSchema, names: readonly string[], depth = 0): string {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (variants?.some((v) => v.type === 'object')) {
    return `<p>One of:</p><ol class="variantes">${variants.map((v) => `<li>${schemaHtml(v, names, depth + 1)}</li>`).join('')}</ol>`
  }
  if (schema.type === 'array' && (schema.items as JsonSchema | undefined)?.type === 'object') {
    return `<p class="tipo">array of:</p>${schemaHtml(schema.items as JsonSchema, names, depth + 1)}`
  }
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  if (!properties) {
    if (schema.$ref)
      return `<p class="tipo">${escapeHtml(String(schema.$ref).replace('#/components/schemas/', ''))}</p>`
    return `<p class="tipo">${escapeHtml(typeOf(schema))}</p>`
  }
  if (depth > 6) return `<pre><code>${escapeHtml(JSON.stringify(schema, null, 2))}</code></pre>`
  const required = new Set((schema.required ?? []) as string[])
  const rows = Object.entries(properties).map(([name, s]) => {
    const nested = s.properties || (s.type === 'array' && (s.items as JsonSchema | undefined)?.properties)
    return (
      `<li><code class="campo">${escapeHtml(name)}</code>${required.has(name) ? ' <span class="obrigatorio">required</span>' : ''} ` +
      `<span class="tipo">${nested ? (s.type === 'array' ? 'array of objects' : 'object') : linked(typeOf(s), names)}</span>` +
      (s.description ? ` <span class="nota">${escapeHtml(String(s.description))}</span>` : '') +
      (nested ? schemaHtml(s, names, depth + 1) : '') +
      '</li>'
    )
  })
  return `<ul class="campos">${rows.join('')}</ul>`
}

/** A type line with the names of the document's shared schemas linked to their section. */
function linked(text: string, names: readonly string[]): string {
  const html = escapeHtml(text)
  if (names.length === 0) return html
  // One pass, so that a link's own text is never linked again. The names are identifiers (no regex characters).
  return html.replace(
    new RegExp(`\\b(${names.join('|')})\\b`, 'g'),
    (name) => `<a href="#${schemaAnchor(name)}">${name}</a>`,
  )
}

function exampleHtml(example: unknown): string {
  if (example === undefined) return ''
  return `<p class="rotulo">Example</p><pre><code>${escapeHtml(JSON.stringify(example, null, 2))}</code></pre>`
}

function operationHtml(method: string, path: string, op: OpenApiOperation, names: readonly string[]): string {
  const schemes = op.security.flatMap((s) => Object.keys(s))
  const anonymous = op.security.length === 0 || op.security.some((s) => Object.keys(s).length === 0)
  const security = schemes.length
    ? `${schemes.map((s) => `<code>${escapeHtml(s)}</code>`).join(' or ')}${anonymous ? ' (optional)' : ''}`
    : 'none'
  const parameters = op.parameters?.length
    ? `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th><th scope="col">Notes</th></tr></thead><tbody>${op.parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : 'no'}</td>` +
            `<td>${escapeHtml(typeOf((p.schema ?? {}) as JsonSchema))}</td><td>${p.description ? markdown(String(p.description)) : ''}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : ''
  const body = op.requestBody?.content['application/json']
  const request = body
    ? `<h4>Request body <span class="tipo">application/json</span></h4>${schemaHtml(body.schema, names)}${exampleHtml(body.example)}`
    : ''
  const responses = Object.entries(op.responses)
    .map(([status, r]) => {
      const [type, media] = Object.entries(r.content ?? {})[0] ?? []
      const isError = Number(status) >= 400
      const headers = r.headers
        ? ` Headers: ${Object.keys(r.headers)
            .map((h) => `<code>${escapeHtml(h)}</code>`)
            .join(', ')}.`
        : ''
      return (
        `<li class="${isError ? 'erro' : 'sucesso'}"><span class="estado">${escapeHtml(status)}</span> ${markdown(r.description)}` +
        `${headers ? `<p>${headers}</p>` : ''}` +
        (media && !isError
          ? `<p class="tipo">${escapeHtml(type ?? '')}</p>${schemaHtml(media.schema, names)}${exampleHtml(media.example)}`
          : '') +
        (isError ? '<p class="tipo">The <a href="#erro">error envelope</a>.</p>' : '') +
        '</li>'
      )
    })
    .join('')
  return `<section class="operacao" id="${anchorOf(op.operationId)}" aria-labelledby="${anchorOf(op.operationId)}-t">
<h3 id="${anchorOf(op.operationId)}-t"><span class="metodo metodo-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p class="resumo">${escapeHtml(op.summary)} <span class="opid">operationId <code>${escapeHtml(op.operationId)}</code></span></p>
${op.description ? markdown(op.description) : ''}
<p><strong>Authentication:</strong> ${security}</p>
${parameters}
${request}
<h4>Responses</h4><ul class="respostas">${responses}</ul>
</section>`
}

export function renderDocsPage(document: OpenApiDocument, stylesheet: string): string {
  const components = (document.components.schemas ?? {}) as Record<string, JsonSchema>
  const schemaNames = Object.keys(components).filter((name) => name !== 'Erro')
  const info = document.info as { title: string; version: string; description: string }
  const byTag = new Map<string, { method: string; path: string; op: OpenApiOperation }[]>()
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }])
    }
  }
  const nav = document.tags
    .map(
      (t) =>
        `<li><a href="#${tagAnchor(t.name)}">${escapeHtml(t.name)}</a><ul>${(byTag.get(t.name) ?? [])
          .map(
            ({ method, path, op }) =>
              `<li><a href="#${anchorOf(op.operationId)}"><span class="metodo metodo-${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('')
  const sections = document.tags
    .map(
      (t) => `<section class="grupo" id="${tagAnchor(t.name)}" aria-labelledby="${tagAnchor(t.name)}-t">
<h2 id="${tagAnchor(t.name)}-t">${escapeHtml(t.name)}</h2>
${markdown(t.description)}
${(byTag.get(t.name) ?? []).map(({ method, path, op }) => operationHtml(method, path, op, schemaNames)).join('\n')}
</section>`,
    )
    .join('\n')
  const erro = document.components.schemas?.Erro as JsonSchema
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}: reference</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<a class="saltar" href="#conteudo">Skip to the reference</a>
<header>
<h1>${escapeHtml(info.title)} <span class="versao">${escapeHtml(info.version)}</span></h1>
<p>OpenAPI 3.1 document: <a href="/api/openapi.json">/api/openapi.json</a></p>
</header>
<div class="disposicao">
<nav aria-label="Operations"><ul>${nav}<li><a href="#erro">Error envelope</a></li><li><a href="#esquemas">Schemas</a><ul>${schemaNames
    .map((name) => `<li><a href="#${schemaAnchor(name)}">${escapeHtml(name)}</a></li>`)
    .join('')}</ul></li></ul></nav>
<main id="conteudo">
<section aria-labelledby="geral">
<h2 id="geral">Overview</h2>
${markdown(info.description)}
</section>
${sections}
<section id="erro" aria-labelledby="erro-t">
<h2 id="erro-t">Error envelope</h2>
${markdown(String(erro.description ?? ''))}
${schemaHtml(erro, schemaNames)}
${exampleHtml(erro.example)}
</section>
<section id="esquemas" aria-labelledby="esquemas-t">
<h2 id="esquemas-t">Schemas</h2>
${schemaNames
  .map(
    (name) =>
      `<section class="operacao" id="${schemaAnchor(name)}" aria-labelledby="${schemaAnchor(name)}-t"><h3 id="${schemaAnchor(name)}-t"><code>${escapeHtml(name)}</code></h3>${schemaHtml(components[name] as JsonSchema, schemaNames)}</section>`,
  )
  .join('\n')}
</section>
</main>
</div>
</body>
</html>
`
}

export const DOCS_STYLESHEET = `:root{color-scheme:light dark;--fundo:#fff;--texto:#1d1d1f;--suave:#5b5b66;--linha:#d9d9e0;--codigo:#f4f4f7;--get:#1a6b3c;--post:#1f4fa3;--put:#8a5a00;--delete:#a3261f;--erro:#a3261f}
@media (prefers-color-scheme:dark){:root{--fundo:#141417;--texto:#ececf1;--suave:#a9a9b6;--linha:#34343c;--codigo:#1f1f25;--get:#5fd08f;--post:#7fa8ff;--put:#f0b54d;--delete:#ff8a80;--erro:#ff8a80}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--fundo);color:var(--texto)}
a{color:inherit}
.saltar{position:absolute;left:-999px}.saltar:focus{left:1rem;top:1rem;background:var(--fundo);padding:.5rem;z-index:1}
header{padding:1rem 1.5rem;border-bottom:1px solid var(--linha)}
h1{margin:0;font-size:1.6rem}.versao{font-size:1rem;color:var(--suave)}
.disposicao{display:grid;grid-template-columns:minmax(14rem,22rem) 1fr}
nav{border-right:1px solid var(--linha);padding:1rem;position:sticky;top:0;max-height:100vh;overflow:auto;font-size:.9rem}
nav ul{list-style:none;margin:0;padding:0}nav ul ul{margin:.25rem 0 .75rem .5rem}nav li{margin:.15rem 0}
nav a{text-decoration:none}nav a:hover,nav a:focus{text-decoration:underline}
main{padding:1rem 2rem;min-width:0}
.grupo{border-top:2px solid var(--linha);margin-top:2rem}
.operacao{border:1px solid var(--linha);border-radius:8px;padding:1rem;margin:1.25rem 0}
.operacao h3{margin:0 0 .5rem;font-size:1.1rem;overflow-wrap:anywhere}
.metodo{display:inline-block;min-width:3.6rem;font-weight:700;font-size:.8rem;font-family:ui-monospace,monospace}
.metodo-get{color:var(--get)}.metodo-post{color:var(--post)}.metodo-put{color:var(--put)}.metodo-delete{color:var(--delete)}
.resumo{font-weight:600}.opid{font-weight:400;color:var(--suave);font-size:.85rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;background:var(--codigo);padding:0 .2em;border-radius:3px}
pre{background:var(--codigo);padding:.75rem;border-radius:6px;overflow:auto;font-size:.85rem}pre code{padding:0}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;border-bottom:1px solid var(--linha);padding:.35rem .5rem;vertical-align:top}
td p{margin:0}
.campos{list-style:none;padding-left:1rem;border-left:2px solid var(--linha);margin:.25rem 0}
.campo{font-weight:600}.tipo{color:var(--suave);font-size:.9rem}.nota{color:var(--suave);font-size:.85rem}
.obrigatorio{font-size:.75rem;color:var(--erro)}
.respostas{list-style:none;padding:0}.respostas>li{margin:.5rem 0;padding-left:.5rem;border-left:3px solid var(--linha)}
.respostas>li.sucesso{border-left-color:var(--get)}.respostas>li.erro{border-left-color:var(--erro)}
.respostas p{margin:.2rem 0}
.estado{font-weight:700;font-family:ui-monospace,monospace}
.rotulo{font-weight:600;margin-bottom:0}
@media (max-width:760px){.disposicao{display:block}nav{position:static;max-height:none;border-right:0;border-bottom:1px solid var(--linha)}main{padding:1rem}}
`
