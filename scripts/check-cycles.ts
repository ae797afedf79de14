// Import cycles across src/, sw/ and server/: prints each group of modules that import each other
// (directly or round a loop) with one loop through it, and exits 1 when there is any. Static
// imports and re-exports count, type-only ones too (a type cycle still ties two modules together);
// a dynamic import() does not, since it is loaded later on purpose. Modules are resolved by
// TypeScript itself with the project's compiler options, so the '@/' alias resolves as tsc sees it.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const ROOTS = ['src', 'sw', 'server']
const SOURCE = /\.(ts|tsx)$/

function parsedOptions(): ts.CompilerOptions {
  const file = join(root, 'tsconfig.base.json')
  const config = ts.readConfigFile(file, ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config.config, ts.sys, root).options
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : []
  })
}

function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const found: string[] = []
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text)
    }
  }
  return found
}

/** module → the project modules it imports statically. */
export function importGraph(): Map<string, string[]> {
  const options = parsedOptions()
  const files = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)))
  const known = new Set(files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const targets = new Set<string>()
    for (const specifier of specifiers(file)) {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys).resolvedModule
      const target = resolved?.resolvedFileName
      if (target && known.has(target)) targets.add(target)
    }
    graph.set(file, [...targets])
  }
  return graph
}

/** Strongly connected components of more than one module, or a module importing itself. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (node: string) => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1 || graph.get(node)?.includes(node)) groups.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return groups
}

/** The shortest loop from a group's first module back to itself, staying inside the group. */
function loopThrough(group: string[], graph: Map<string, string[]>): string[] {
  const members = new Set(group)
  const start = group[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const target of graph.get(node) ?? []) {
      if (!members.has(target)) continue
      if (target === start) {
        const loop = [node]
        while (loop[0] !== start) loop.unshift(previous.get(loop[0]!)!)
        return [...loop, start]
      }
      if (!previous.has(target)) {
        previous.set(target, node)
        queue.push(target)
      }
    }
  }
  return [start, start]
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const graph = importGraph()
  const groups = cycles(graph)
  const name = (file: string) => relative(root, file)
  for (const group of groups) {
    console.log(`cycle among ${group.length} modules: ${group.map(name).join(', ')}`)
    console.log(`  e.g. ${loopThrough(group, graph).map(name).join(' → ')}`)
  }
  console.log(`import cycles: ${groups.length} (${graph.size} modules in ${ROOTS.join(', ')})`)
  process.exit(groups.length > 0 ? 1 : 0)
}
