// A Vite plugin for index.html's first paint (issue 19). The loading screen is painted from the
// HTML alone: in the build, its few rules (src/boot.css) are inlined, and the app's stylesheet is
// preloaded instead of blocking that paint. main.tsx applies the stylesheet before React's first
// render, so no screen is ever shown unstyled. The server allows the inline rules by their hash in
// its Content-Security-Policy (server/inline-styles.ts); no 'unsafe-inline'.
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const BOOT_CSS_LINK = /<link rel="stylesheet" href="\/src\/boot\.css"\s*\/?>/
const APP_STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g

/** Comments and layout whitespace out; the rules stay as written. */
export function compactCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{}:;,])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim()
}

export function inlineBootStyles(html: string, bootCss: string): string {
  if (!BOOT_CSS_LINK.test(html)) throw new Error('index.html: the /src/boot.css link was not found')
  return html.replace(BOOT_CSS_LINK, () => `<style>${compactCss(bootCss)}</style>`)
}

export function preloadAppStylesheets(html: string): string {
  return html.replace(
    APP_STYLESHEET,
    (_, crossorigin: string | undefined, href: string) =>
      `<link rel="preload" as="style"${crossorigin ?? ''} href="${href}" data-app-styles>`,
  )
}

export function firstPaintStyles(bootCssPath: string): Plugin[] {
  return [
    {
      name: 'first-paint-styles:inline-boot',
      apply: 'build',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => inlineBootStyles(html, readFileSync(bootCssPath, 'utf8')),
      },
    },
    {
      name: 'first-paint-styles:preload-app',
      apply: 'build',
      transformIndexHtml: { order: 'post', handler: preloadAppStylesheets },
    },
  ]
}
