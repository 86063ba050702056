import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

/**
 * The import rules of ARCHITECTURE.md ("Layout", "Composition"), held by a check rather than by memory. Each rule is
 * one sentence and one predicate; a violation prints the file, the import and the rule it breaks.
 *
 * Server
 * - platform/ is the plumbing every feature stands on: it imports no feature, no composition (app, services, doors,
 *   jobs) and no demo content.
 * - A feature asks another feature's service and nothing else: across features only `import type`, and only from the
 *   other feature's service module (a file named `service.ts` or `*-service.ts`). Tests may compose features.
 * - openapi/ (the contract, docs/decisions/0027) reads the features as the doors do, through their public surfaces
 *   only: a feature's service module or its routes module (`routes.ts`, `*-routes.ts`), never its internals. Tests may
 *   compose features.
 * - The demo content is loaded on demand: outside src/server/demo only a dynamic `import()` names it (a start
 *   without demo seeding never loads it).
 * - Test support (src/server/testing, a feature's `testing.ts`) serves tests only: no code that runs in the app
 *   imports it (the table-owner check does not read it, so it must never carry the app's queries).
 * Web
 * - A feature imports no other feature and nothing of the app's composition (src/web/app): what several features
 *   share lives in lib/ (logic, data) or ui/ (components).
 * - lib/ and ui/ import no feature and nothing of app/.
 * Both
 * - src/shared is isomorphic: it imports neither src/server nor src/web.
 * - The server never imports the web app, and the web app never imports the server.
 */

const ROOT = resolve(import.meta.dirname, '..')

interface Import {
  /** The importing file, relative to the repository (`src/server/app.ts`). */
  from: string
  /** The imported file, relative to the repository, or the package name. */
  to: string
  typeOnly: boolean
  dynamic: boolean
  isTest: boolean
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX)
  const isTest = /\.test\.tsx?$/.test(file)
  const found: Import[] = []
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    const to = specifier.startsWith('.') ? relative(ROOT, resolve(ROOT, dirname(file), specifier)) : specifier
    found.push({ from: file, to, typeOnly, dynamic, isTest })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : undefined
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named !== undefined &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)))
      add(node.moduleSpecifier.text, typeOnly, false)
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly, false)
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal
      if (ts.isStringLiteral(literal)) add(literal.text, true, false)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

const featureOf = (path: string, side: 'server' | 'web') =>
  path.match(new RegExp(`^src/${side}/features/([^/]+)/`))?.[1] ?? null

interface Rule {
  rule: string
  breaks(i: Import): boolean
}

const RULES: Rule[] = [
  {
    rule: 'platform imports no feature, no composition and no demo content',
    breaks: (i) =>
      i.from.startsWith('src/server/platform/') &&
      !i.isTest &&
      (i.to.startsWith('src/server/features/') ||
        i.to.startsWith('src/server/demo/') ||
        /^src\/server\/(app|services|jobs)\.ts$/.test(i.to) ||
        i.to.startsWith('src/server/doors/')),
  },
  {
    rule: "a feature imports another feature's service types only",
    breaks: (i) => {
      const from = featureOf(i.from, 'server')
      const to = featureOf(i.to, 'server')
      if (!from || !to || from === to || i.isTest) return false
      const serviceModule = /\/(service|[a-z-]+-service)\.ts$/.test(i.to)
      return !(i.typeOnly && serviceModule)
    },
  },
  {
    rule: 'openapi reads a feature through its service or routes module only, as the doors do',
    breaks: (i) =>
      i.from.startsWith('src/server/openapi/') &&
      !i.isTest &&
      featureOf(i.to, 'server') !== null &&
      !/\/(service|[a-z-]+-service|routes|[a-z-]+-routes)\.ts$/.test(i.to),
  },
  {
    rule: 'demo content is loaded on demand, by a dynamic import',
    breaks: (i) =>
      i.to.startsWith('src/server/demo/') && !i.from.startsWith('src/server/demo/') && !i.dynamic && !i.isTest,
  },
  {
    rule: 'test support is imported by tests and test support only',
    breaks: (i) => {
      const support = (path: string) => path.startsWith('src/server/testing/') || /\/testing\.ts$/.test(path)
      return support(i.to) && !i.isTest && !support(i.from)
    },
  },
  {
    rule: 'a web feature imports no other feature and nothing of src/web/app',
    breaks: (i) => {
      const from = featureOf(i.from, 'web')
      if (!from) return false
      const to = featureOf(i.to, 'web')
      return (to !== null && to !== from) || i.to.startsWith('src/web/app/')
    },
  },
  {
    rule: 'web lib/ and ui/ import no feature and nothing of src/web/app',
    breaks: (i) =>
      /^src\/web\/(lib|ui)\//.test(i.from) && (i.to.startsWith('src/web/features/') || i.to.startsWith('src/web/app/')),
  },
  {
    rule: 'src/shared imports neither the server nor the web app',
    breaks: (i) => i.from.startsWith('src/shared/') && (i.to.startsWith('src/server/') || i.to.startsWith('src/web/')),
  },
  {
    rule: 'the server and the web app never import each other',
    breaks: (i) =>
      (i.from.startsWith('src/server/') && i.to.startsWith('src/web/')) ||
      (i.from.startsWith('src/web/') && i.to.startsWith('src/server/')),
  },
]

const ALL_IMPORTS = ['src/server', 'src/web', 'src/shared'].flatMap(sourceFiles).flatMap(importsOf)

describe('import boundaries', () => {
  it('reads the imports it judges (type-only, dynamic and re-exports included)', () => {
    expect(ALL_IMPORTS.length).toBeGreaterThan(500)
    expect(ALL_IMPORTS.some((i) => i.typeOnly)).toBe(true)
    expect(ALL_IMPORTS.some((i) => i.dynamic)).toBe(true)
    expect(importsOf('src/boundaries.test.ts').map((i) => i.to)).toContain('typescript')
  })

  for (const { rule, breaks } of RULES) {
    it(rule, () => {
      const violations = ALL_IMPORTS.filter(breaks).map((i) => `${i.from} → ${i.to}${i.typeOnly ? ' (type)' : ''}`)
      expect(violations).toEqual([])
    })
  }

  it('each rule catches what it is written against', () => {
    const probe = (from: string, to: string, typeOnly = false, dynamic = false): string[] =>
      RULES.filter((r) => r.breaks({ from, to, typeOnly, dynamic, isTest: false })).map((r) => r.rule)
    expect(probe('src/server/platform/db.ts', 'src/server/features/conta/service.ts', true)).toHaveLength(1)
    expect(probe('src/server/features/encomendas/x.ts', 'src/server/features/fidelizacao/service.ts')).toHaveLength(1)
    expect(probe('src/server/features/encomendas/x.ts', 'src/server/features/fidelizacao/repository.ts', true)).toEqual(
      ["a feature imports another feature's service types only"],
    )
    expect(probe('src/server/features/encomendas/x.ts', 'src/server/features/fidelizacao/service.ts', true)).toEqual([])
    expect(probe('src/server/openapi/texts.ts', 'src/server/features/fidelizacao/context.ts')).toEqual([
      'openapi reads a feature through its service or routes module only, as the doors do',
    ])
    expect(probe('src/server/openapi/texts.ts', 'src/server/features/encomendas/routes.ts')).toEqual([])
    expect(probe('src/server/openapi/texts.ts', 'src/server/features/fidelizacao/service.ts')).toEqual([])
    expect(probe('src/server/main.ts', 'src/server/demo/index.ts')).toHaveLength(1)
    expect(probe('src/server/main.ts', 'src/server/demo/index.ts', false, true)).toEqual([])
    expect(probe('src/web/features/conta/A.tsx', 'src/web/features/encomendas/B.tsx')).toHaveLength(1)
    expect(probe('src/web/features/conta/A.tsx', 'src/web/app/router.tsx')).toHaveLength(1)
    expect(probe('src/web/ui/Button.tsx', 'src/web/features/conta/A.tsx')).toHaveLength(1)
    expect(probe('src/shared/api.ts', 'src/server/platform/db.ts')).toHaveLength(1)
    expect(probe('src/web/lib/api.ts', 'src/server/platform/db.ts')).toHaveLength(1)
    expect(probe('src/server/features/conta/login.ts', 'src/server/features/conta/testing.ts')).toHaveLength(1)
    expect(probe('src/server/services.ts', 'src/server/testing/fixtures.ts')).toHaveLength(1)
    expect(probe('src/server/features/conta/testing.ts', 'src/server/testing/harness.ts')).toEqual([])
  })
})

/** Past this a file holds more than one responsibility: cut it by sub-domain (ARCHITECTURE.md, "Composition"). */
const MAX_FEATURE_FILE_LINES = 400

describe('file sizes', () => {
  it(`no file of a feature, server or web, passes ${MAX_FEATURE_FILE_LINES} lines`, () => {
    const long = ['src/server/features', 'src/web/features']
      .flatMap(sourceFiles)
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > MAX_FEATURE_FILE_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`)
    expect(long).toEqual([])
  })
})
