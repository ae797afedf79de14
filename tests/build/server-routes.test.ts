// Route files stay thin (docs/server-resources.md): they speak HTTP and call server/domain/, which
// holds every query. So no route imports Drizzle, a table or a database helper (a `Db` type is
// fine), calls a query builder on a database handle, or imports another route file; what two
// routes share lives in server/domain/ or server/lib/.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const routesDir = join(root, 'server/routes')
const dbDir = join(root, 'server/db')
const QUERY_METHODS = new Set([
  'select',
  'selectDistinct',
  'insert',
  'update',
  'delete',
  'transaction',
  'execute',
  'query',
])
// The receiver of a query builder call: `db`, `db.db`, `database.db`, `db(c)`, `tx`, `c.get('deps').db.db`.
const DB_HANDLE = /\b(db|database|tx)\b/i

interface Import {
  specifier: string
  typeOnly: boolean
}

function imports(source: ts.SourceFile): Import[] {
  const found: Import[] = []
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node)
        ? (node.importClause?.isTypeOnly ?? false)
        : node.isTypeOnly
      found.push({ specifier: node.moduleSpecifier.text, typeOnly })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function queryCalls(source: ts.SourceFile): string[] {
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      found.push(node.getText(source).slice(0, 40))
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_METHODS.has(node.expression.name.text) &&
      DB_HANDLE.test(node.expression.expression.getText(source))
    ) {
      found.push(`${node.expression.getText(source).replace(/\s+/g, '')}(…)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function problems(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const name = relative(root, file)
  const found: string[] = []
  for (const { specifier, typeOnly } of imports(source)) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      found.push(`${name} imports ${specifier}`)
      continue
    }
    if (!specifier.startsWith('.')) continue
    const target = resolve(dirname(file), specifier)
    if (target.startsWith(routesDir)) found.push(`${name} imports the route file ${specifier}`)
    if (target.startsWith(dbDir) && !typeOnly) found.push(`${name} imports ${specifier}`)
  }
  for (const call of queryCalls(source)) found.push(`${name} queries: ${call}`)
  return found
}

const routeFiles = readdirSync(routesDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => join(routesDir, file))

describe('server routes', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(10)
  })

  it('run no query and import neither Drizzle, the database nor another route', () => {
    expect(routeFiles.flatMap(problems)).toEqual([])
  })
})
