// Until main.tsx says when its first render happens (holdUntilFirstRender), the next frames.
let firstRender: Promise<unknown> = Promise.resolve()

/**
 * main.tsx renders once the app's stylesheet is in (and, signed in, the offline cache), which may
 * be after the page's first frames: work meant for after the first paint waits until React has
 * committed that render (a promise main.tsx resolves from the app's first effect).
 */
export function holdUntilFirstRender(render: Promise<unknown>): void {
  firstRender = render
}

/**
 * Runs once the app's first render has been painted: two frames, then a task. For work the first
 * screen does not need (error reporting, the offline cache of a signed-out visit, the service
 * worker), so it neither delays that paint nor competes with it for the network.
 */
export function afterFirstPaint(): Promise<void> {
  return firstRender.then(
    () =>
      new Promise((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))
      }),
  )
}
