// The middle value (the upper one of an even count); benches report it over repeated runs.
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values')
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}
