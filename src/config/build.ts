declare const __BUILD_VERSION__: string | undefined

// Set by vite.config.ts `define`; unit tests run without it.
export const BUILD_VERSION: string =
  typeof __BUILD_VERSION__ === 'string' ? __BUILD_VERSION__ : 'dev'
