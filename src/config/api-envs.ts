// The API environments a build can target (VITE_API_ENV). No imports: the Vite config loads this
// file in Node, to name the persisted cache's database in index.html's loader.
export const API_ENVS = ['production', 'staging', 'sandbox', 'dev', 'local'] as const
export type ApiEnv = (typeof API_ENVS)[number]

export function parseApiEnv(value: unknown): ApiEnv {
  return API_ENVS.find((env) => env === value) ?? 'local'
}
