// The sandbox server as one JavaScript file, for tests and benches that start it as a process:
// `node --import tsx server/main.ts` spends most of its start resolving and transforming modules
// through tsx (10 s against 4 s bundled, measured with the machine loaded), and tests that crash
// and restart servers pay that each time. Built with esbuild into .tmp/server-bundle/<hash>/, once
// per state of the sources; packages with native parts or files of their own stay external.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SOURCES = ['server', 'src']
// Loaded by path at run time (PGlite's WebAssembly and data files) or native.
const EXTERNAL = ['@electric-sql/pglite', 'pg', 'pg-native', '@hono/node-server']

function sourceHash(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(file)
      else if (/\.(ts|tsx|json|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const { mtimeMs, size } = statSync(file)
        hash.update(`${file}:${mtimeMs}:${size}\n`)
      }
    }
  }
  for (const dir of SOURCES) walk(path.join(ROOT, dir))
  return hash.digest('hex').slice(0, 16)
}

let built: Promise<string> | null = null

// The bundle's path, building it if the sources changed since the last one.
export function serverBundle(): Promise<string> {
  built ??= (async () => {
    const dir = path.join(ROOT, '.tmp', 'server-bundle', sourceHash())
    const file = path.join(dir, 'main.mjs')
    if (existsSync(file)) return file
    mkdirSync(dir, { recursive: true })
    // The migrations are found next to the code that runs them (server/db/client.ts).
    const migrations = path.join(dir, 'migrations')
    if (!existsSync(migrations)) {
      try {
        symlinkSync(path.join(ROOT, 'server/db/migrations'), migrations, 'dir')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
    }
    // Written aside and renamed: parallel test workers may build at once.
    const partial = `${file}.${process.pid}.partial`
    await build({
      entryPoints: [path.join(ROOT, 'server/main.ts')],
      outfile: partial,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: EXTERNAL,
      alias: { '@': path.join(ROOT, 'src') },
      // CommonJS packages inside an ES module bundle still call require().
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'warning',
    })
    renameSync(partial, file)
    return file
  })()
  return built
}
