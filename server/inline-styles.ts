import { createHash } from 'node:crypto'

/**
 * Content-Security-Policy sources for the inline <style> blocks of an HTML page, by hash, so a
 * page's own rules are allowed without 'unsafe-inline'. index.html inlines its loading screen's
 * rules (scripts/first-paint-styles.ts) to paint before any stylesheet arrives.
 */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  )
}
