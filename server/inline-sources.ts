import { createHash } from 'node:crypto'

export interface InlineSources {
  style: string[]
  script: string[]
}

const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/**
 * Content-Security-Policy sources for an HTML page's inline `<style>` blocks and inline
 * `<script>`s (those without src), by hash, so the page's own code is allowed without
 * 'unsafe-inline'. index.html inlines its loading screen's rules and the loader of its entry
 * script (scripts/first-paint.ts) to paint before anything else arrives.
 */
export function inlineSources(html: string): InlineSources {
  return {
    style: [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) =>
      hashSource(css ?? ''),
    ),
    script: [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, js]) =>
      hashSource(js ?? ''),
    ),
  }
}
