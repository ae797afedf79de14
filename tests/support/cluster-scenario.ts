// The cluster's proof, shared by the CI test (short) and the bench (long): portal-like clients
// through HAProxy to 3 servers on one PostgreSQL, a steady stretch, then one of each fault under
// the same load (a server SIGKILLed, all three SIGTERM-restarted in turn, PostgreSQL restarted),
// then a check that every acknowledged write is stored exactly once.
import { SEED_SUBMERCHANTS } from '../../server/seed/ids'
import type { Cluster, RestartTimes } from './cluster'
import { checkWrites, type WriteCheck } from './load-check'
import { percentile, startLoad, type LoadResult } from './load'

export interface ScenarioOptions {
  clients: number
  // Load before the faults; memory is read after warmUpMs and at the end of it.
  steadyMs: number
  warmUpMs: number
  // Load after the last fault, before stopping.
  tailMs: number
}

export interface PhaseReport {
  name: string
  ms: number
  // Operations that ended in an error a person would see (after the client's retries).
  failures: number
  // Answers the clients retried (503, 409, 502, 504, no answer) in this phase.
  retried: number
}

export interface ScenarioReport {
  load: LoadResult
  phases: PhaseReport[]
  throughput: number
  p50: number
  p95: number
  p99: number
  // Bytes, per server: after warm-up and at the end of the steady stretch.
  memoryAfterWarmUp: number[]
  memoryAfterSteady: number[]
  // Every 15 s of the steady stretch: seconds into it, each server's resident memory, and its
  // JavaScript heap after a full collection.
  memorySamples: { at: number; bytes: number[]; heap: number[] }[]
  rollingRestart: RestartTimes[]
  writes: WriteCheck
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

export const LOAD_EMAILS = ['owner@example.com', 'manager@example.com']

export async function runClusterScenario(
  cluster: Cluster,
  opts: ScenarioOptions,
): Promise<ScenarioReport> {
  const load = startLoad({
    url: cluster.url,
    clients: opts.clients,
    emails: LOAD_EMAILS,
    submerchantId: SEED_SUBMERCHANTS.cityCabs,
    rampMs: Math.min(5_000, opts.warmUpMs),
  })
  const phases: { name: string; from: number; to: number }[] = []
  const phase = async (name: string, work: () => Promise<unknown>) => {
    const from = Date.now()
    await work()
    phases.push({ name, from, to: Date.now() })
  }
  let memoryAfterWarmUp: number[] = []
  let memoryAfterSteady: number[] = []
  const memorySamples: ScenarioReport['memorySamples'] = []
  const rollingRestart: RestartTimes[] = []
  try {
    await phase('steady load', async () => {
      const began = Date.now()
      const sample = () => cluster.servers.map((_, i) => cluster.memory(i))
      const sampler = setInterval(() => {
        const at = (Date.now() - began) / 1000
        const bytes = sample()
        void Promise.all(cluster.servers.map((_, i) => cluster.heapAfterGc(i).catch(() => 0))).then(
          (heap) => memorySamples.push({ at, bytes, heap }),
        )
      }, 15_000)
      try {
        await sleep(opts.warmUpMs)
        memoryAfterWarmUp = sample()
        await sleep(opts.steadyMs - opts.warmUpMs)
        memoryAfterSteady = sample()
      } finally {
        clearInterval(sampler)
      }
    })
    await phase('SIGKILL of one server, then its restart', () => cluster.crash(1))
    await phase('rolling SIGTERM restart of all three', async () => {
      for (let i = 0; i < cluster.servers.length; i += 1) {
        rollingRestart.push(await cluster.restart(i))
      }
    })
    await phase('PostgreSQL restart', () => cluster.postgres.restart())
    await phase('load after the faults', () => sleep(opts.tailMs))
  } finally {
    load.stop()
  }
  const result = await load.done
  const all = Object.values(result.latencies).flat()
  return {
    load: result,
    phases: phases.map((p) => ({
      name: p.name,
      ms: p.to - p.from,
      failures: result.failures.filter((f) => f.at >= p.from && f.at <= p.to).length,
      retried: result.retriedAt.filter((at) => at >= p.from && at <= p.to).length,
    })),
    throughput: result.operations / (result.wallMs / 1000),
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    memoryAfterWarmUp,
    memoryAfterSteady,
    memorySamples,
    rollingRestart,
    writes: await checkWrites(cluster.postgres.url, result),
  }
}
