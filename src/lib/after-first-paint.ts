/**
 * Runs once the first paint has been committed: two frames, then a task. For work the first
 * screen does not need (error reporting, the offline cache of a signed-out visit, the service
 * worker), so it neither delays that paint nor competes with it for the network.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))
  })
}
