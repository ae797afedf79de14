// The cluster's long form: 100 portal-like clients through HAProxy to 3 servers on one PostgreSQL
// for 5 minutes, then one of each fault under the same load (tests/support/cluster-scenario.ts;
// CI runs the short form in tests/cluster/cluster.test.ts). Usage: npm run bench -- --only cluster
import { e2eBuild } from '../support/portal-build'
import { startCluster } from '../support/cluster'
import { runClusterScenario, type ScenarioReport } from '../support/cluster-scenario'

export interface ClusterBenchOptions {
  clients?: number
  steadySeconds?: number
}

export async function runClusterBench(
  opts: ClusterBenchOptions = {},
): Promise<ScenarioReport & { unexpectedExits: string[] }> {
  const cluster = await startCluster({ distDir: await e2eBuild() })
  try {
    const report = await runClusterScenario(cluster, {
      clients: opts.clients ?? 100,
      warmUpMs: 30_000,
      steadyMs: (opts.steadySeconds ?? 300) * 1000,
      tailMs: 30_000,
    })
    return { ...report, unexpectedExits: cluster.unexpectedExits }
  } finally {
    await cluster.stop()
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const ms = (value: number) => `${Math.round(value)} ms`

// The bench's table rows for one report.
export function clusterRows(r: ScenarioReport & { unexpectedExits: string[] }, clients: number) {
  const fivexx = Object.entries(r.load.seen)
    .filter(([status]) => status === 'network' || Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0)
  const retried = Object.entries(r.load.answers)
    .filter(([status]) => status === 'network' || Number(status) >= 500 || status === '409')
    .map(([status, n]) => `${n} × ${status}`)
  // Resident memory rises and falls with each garbage collection: compare the highest sample of
  // the second half of the steady stretch with the highest of its first half after warm-up.
  const afterWarmUp = r.memorySamples.filter((m) => m.at * 1000 >= 30_000)
  const half = Math.floor(afterWarmUp.length / 2)
  const peak = (samples: typeof afterWarmUp, i: number) =>
    Math.max(...samples.map((m) => m.bytes[i] ?? 0))
  // The heap after a full collection is what a leak would grow: first vs last sample after warm-up.
  const heaps = r.memoryAfterWarmUp.map((_, i) => [
    afterWarmUp[0]?.heap[i] ?? 0,
    afterWarmUp.at(-1)?.heap[i] ?? 0,
  ])
  const peaks = r.memoryAfterWarmUp.map((_, i) => [
    peak(afterWarmUp.slice(0, half), i),
    peak(afterWarmUp.slice(half), i),
  ])
  const retriedByCode = Object.entries(r.load.retried).reduce<Record<string, number>>(
    (into, [key, n]) => {
      const [, status, code] = key.split(' ')
      const label = `${status} ${code === '?' ? 'from the balancer' : code}`
      into[label] = (into[label] ?? 0) + n
      return into
    },
    {},
  )
  const steady = r.phases[0]!
  return [
    {
      metric: `cluster: ${clients} clients, 3 servers + HAProxy + PostgreSQL, ${(steady.ms / 1000).toFixed(0)} s steady, then faults: operations/s`,
      value: `${r.throughput.toFixed(0)} /s (${r.load.operations.toLocaleString('en-GB')} operations)`,
      budget: '— (reported)',
      ok: true,
    },
    {
      metric: 'cluster: latency p50 / p95 / p99 (client-side, retries included)',
      value: `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)}`,
      budget: '— (reported)',
      ok: true,
    },
    {
      metric: `cluster: errors a client saw (5xx or no answer after its retries); answers it retried: ${retried.join(', ') || 'none'}`,
      value: String(fivexx),
      budget: '0',
      ok: fivexx === 0,
    },
    {
      metric: `cluster: server memory, after 30 s warm-up → end of the steady stretch (samples every 15 s: ${afterWarmUp.length})`,
      value: r.memoryAfterWarmUp
        .map((start, i) => `${mb(start)} → ${mb(r.memoryAfterSteady[i]!)}`)
        .join(', '),
      budget: '— (reported)',
      ok: true,
    },
    {
      metric:
        'cluster: server resident memory, highest sample in the first → second half after warm-up',
      value: peaks.map(([first, second]) => `${mb(first!)} → ${mb(second!)}`).join(', '),
      budget: '— (reported)',
      ok: true,
    },
    {
      metric:
        'cluster: server JavaScript heap after a full collection, first → last sample after warm-up',
      value: heaps.map(([first, last]) => `${mb(first!)} → ${mb(last!)}`).join(', '),
      budget: '≤ +10 %',
      ok: heaps.every(([first, last]) => last! <= first! * 1.1),
    },
    {
      metric: 'cluster: answers the clients retried, by code',
      value:
        Object.entries(retriedByCode)
          .map(([label, n]) => `${n} × ${label}`)
          .join(', ') || 'none',
      budget: '— (reported)',
      ok: true,
    },
    ...r.phases.map((p) => ({
      metric: `cluster ${p === steady ? '' : 'fault: '}${p.name} (${(p.ms / 1000).toFixed(1)} s, ${p.retried} answers retried): operations that failed for the client`,
      value: String(p.failures),
      budget: '0',
      ok: p.failures === 0,
    })),
    {
      metric:
        'cluster: rolling restart, each server SIGTERM → exit (drain) / start / back in rotation',
      value: r.rollingRestart
        .map((t) => `${ms(t.drainMs)} / ${ms(t.startMs)} / ${ms(t.rejoinMs)} (exit ${t.exitCode})`)
        .join('; '),
      budget: 'drain ≤ 10 s, exit 0',
      ok: r.rollingRestart.every((t) => t.exitCode === 0 && t.drainMs <= 10_000),
    },
    {
      metric: 'cluster: writes acknowledged / found once / lost / duplicated / ids mismatched',
      value: `${r.writes.acknowledged} / ${r.writes.found} / ${r.writes.lost} / ${r.writes.duplicated} / ${r.writes.mismatched}`,
      budget: 'lost 0, duplicated 0',
      ok: r.writes.lost === 0 && r.writes.duplicated === 0 && r.writes.mismatched === 0,
    },
    {
      metric: 'cluster: servers that exited when nobody stopped them',
      value: r.unexpectedExits.join(', ') || 'none',
      budget: 'none',
      ok: r.unexpectedExits.length === 0,
    },
    {
      metric: 'cluster: writes stored that the client never saw acknowledged (it gave up first)',
      value: String(r.writes.unacknowledgedStored),
      budget: '— (reported)',
      ok: true,
    },
  ]
}
