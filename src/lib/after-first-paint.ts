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

// The first signs that a person is using the page: a key, a pointer pressed, the focus moved in.
const INTENT_EVENTS = ['keydown', 'pointerdown', 'focusin'] as const

/**
 * After the first paint, resolves at the first sign that the person is using the page, or when
 * `sooner` resolves, whichever comes first. For code a page may need once it is used but not to
 * be read (a signed-out visit's offline cache, loaded while the person types, not by every visit
 * that only looks).
 */
export function afterFirstIntent(sooner?: Promise<unknown>): Promise<void> {
  return afterFirstPaint().then(
    () =>
      new Promise<void>((resolve) => {
        // The page is gone (a test's document torn down after its frames ran): nothing to wait for.
        if (typeof document === 'undefined') return
        const done = () => {
          for (const type of INTENT_EVENTS) document.removeEventListener(type, done, true)
          resolve()
        }
        for (const type of INTENT_EVENTS) document.addEventListener(type, done, true)
        // Already in use while the page painted: a field with the focus.
        if (document.activeElement && document.activeElement !== document.body) done()
        sooner?.then(done, done)
      }),
  )
}
