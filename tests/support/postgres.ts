// A throwaway PostgreSQL on 127.0.0.1 for tests and benches that need one of their own (to restart
// it, or to start several servers on it), as .ci/run starts one: from Debian's postgresql package.
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from '../e2e/support/private-server'

const run = promisify(execFile)

export interface Postgres {
  url: string
  // A fast restart (pg_ctl restart -m fast): connections are cut, committed work stays.
  restart(): Promise<void>
  stop(): Promise<void>
}

function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : []
  const newest = versions.at(-1)
  // Else from PATH.
  return newest ? path.join(root, newest, 'bin') : ''
}

export async function startPostgres(label = 'test'): Promise<Postgres> {
  const bin = postgresBin()
  const tool = (name: string) => (bin ? path.join(bin, name) : name)
  const dir = mkdtempSync(path.join(tmpdir(), `${label}-pg-`))
  // initdb refuses to run as root: then the postgres user owns the cluster.
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim())
    chownSync(dir, await id('-u'), await id('-g'))
  }
  const pg = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', tool(name), ...args]) : run(tool(name), args)
  const port = await freePort()
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`
  const ctl = (action: string, extra: string[] = []) =>
    pg('pg_ctl', ['-D', dir, '-l', path.join(dir, 'server.log'), '-w', ...extra, action])
  let started = false
  const stop = async () => {
    if (started) await pg('pg_ctl', ['-D', dir, '-m', 'fast', 'stop']).catch(() => undefined)
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await pg('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres'])
    started = true
    await ctl('start', ['-o', options])
  } catch (error) {
    await stop()
    throw new Error(
      `PostgreSQL could not start (${String(error)}). Install it: apt-get install -y postgresql`,
      { cause: error },
    )
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await ctl('restart', ['-m', 'fast', '-o', options])
    },
    stop,
  }
}
