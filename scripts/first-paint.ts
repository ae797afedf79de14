// A Vite plugin for index.html's first paint (issue 19). The loading screen is painted from the
// HTML alone, and nothing the app needs can hold that paint:
// - its few rules (src/boot.css) are inlined, and the app's stylesheet is preloaded instead of
//   blocking the paint; main.tsx applies it before React's first render, so no screen is ever
//   shown unstyled;
// - the app's entry script is requested once that screen has been painted, by a small inline
//   loader, rather than from a tag that can deliver and run it first (see loadEntryAfterPaint).
// The server allows the inline style and script by their hashes in its Content-Security-Policy
// (server/inline-sources.ts); no 'unsafe-inline'.
import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

// The session's localStorage record (src/session/session.ts: portal:<api env>:session).
const SESSION_KEY = /^portal:\w+:session$/.source

const BOOT_CSS_LINK = /<link rel="stylesheet" href="\/src\/boot\.css"\s*\/?>/
const APP_STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/[^"]+\.css)">/g
const ENTRY_SCRIPT =
  /[ \t]*<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\n?/g
const MODULE_PRELOAD =
  /[ \t]*<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">\n?/g

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

export interface CacheRead {
  database: string
  store: string
  global: string
}

// Opens the database as idb-keyval does (its store made if the database is new), reads every
// record in one read-only transaction, and closes it.
export function cacheReadScript({ database, store, global }: CacheRead): string {
  const [db, st, g] = [database, store, global].map((name) => JSON.stringify(name))
  return (
    `try{var o=indexedDB.open(${db});` +
    `o.onupgradeneeded=function(){o.result.createObjectStore(${st})};` +
    `window[${g}]=new Promise(function(ok){o.onerror=function(){ok()};` +
    `o.onsuccess=function(){var b=o.result;try{var t=b.transaction(${st}),r=t.objectStore(${st}),` +
    `k=r.getAllKeys(),v=r.getAll();` +
    `t.oncomplete=function(){b.close();ok(k.result.map(function(x,i){return[x,v.result[i]]}))};` +
    `t.onabort=function(){b.close();ok()}}catch(e){b.close();ok()}}})}catch(e){}`
  )
}

/**
 * Replaces the entry's `<script type="module">` and its modulepreloads with an inline loader that
 * adds them once the loading screen has been painted: from a task queued by the first animation
 * frame's callback, which runs after that frame's style, layout and paint.
 *
 * On a first visit the entry (the bulk of /login's code) arrives long after the HTML on a mobile
 * network, and the loading screen is painted meanwhile. But when it arrives first, as on a fast
 * link, the browser may evaluate it before it paints anything, and a page load simulated from that
 * trace (Lighthouse) counts it as blocking the first paint. Requested after the paint, it never
 * does, at the cost of about one frame before the request.
 *
 * A start served by the service worker (the installed app, often offline) reads the code from its
 * cache, where frames matter more than the request: it loads at once. So does a page opened in a
 * hidden tab, which paints nothing and would get no frames until shown.
 *
 * signedInChunks: for a signed-in start served by the service worker (the installed app's warm
 * start), the chunks every account page needs besides the entry (TanStack Query, the offline
 * cache, the shared UI, the account shell), asked for beside the entry rather than once it has run;
 * and their stylesheets (.css), preloaded: the import of a chunk waits for its stylesheets, which
 * it would otherwise only begin to fetch once the entry has run.
 *
 * cacheRead: for a signed-in start, the persisted cache's database and store
 * (src/offline/cache-layout.ts), read at once: every record, as [key, value] pairs, in a promise
 * left on window[global] for the persister's restore (src/offline/idb-persister.ts), which would
 * otherwise begin the same read only once the entry has run. Undefined when it cannot be read.
 */
export function loadEntryAfterPaint(
  html: string,
  signedInChunks: readonly string[] = [],
  cacheRead?: CacheRead,
): string {
  const entries = [...html.matchAll(ENTRY_SCRIPT)].map(([, src]) => src)
  if (entries.length !== 1) {
    throw new Error(`index.html: expected one module entry script, found ${entries.length}`)
  }
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href)
  // Signed in: the persisted cache's read begins; served by the worker too, the account pages'
  // chunks are asked for (a localStorage that cannot be read leaves both to main.tsx).
  const signedIn =
    signedInChunks.length || cacheRead
      ? `var signedIn=false;try{for(var i=0,s=localStorage;i<s.length;i++)` +
        `if(/${SESSION_KEY}/.test(s.key(i))&&/"loggedIn":true/.test(s.getItem(s.key(i)))){` +
        `signedIn=true;break}}catch(e){}` +
        (cacheRead ? `if(signedIn){${cacheReadScript(cacheRead)}}` : '')
      : ''
  const warm = signedInChunks.length
    ? `if(signedIn)preloads=preloads.concat(${JSON.stringify(signedInChunks)});`
    : ''
  const loader =
    `(function(d,entry,preloads){` +
    `function add(tag,attr,url,type){var e=d.createElement(tag);e.crossOrigin="";e[attr]=url;` +
    `if(type==="module")e.type=type;else e.rel=type;if(type==="preload")e.as="style";d.head.append(e)}` +
    `function load(){preloads.forEach(function(url){` +
    `add("link","href",url,/\\.css$/.test(url)?"preload":"modulepreload")});` +
    `add("script","src",entry,"module")}` +
    signedIn +
    `var sw=navigator.serviceWorker;` +
    `if(sw&&sw.controller){${warm}load()}` +
    `else if(d.visibilityState==="hidden")load();` +
    `else requestAnimationFrame(function(){setTimeout(load)})` +
    `})(document,${JSON.stringify(entries[0])},${JSON.stringify(preloads)})`
  const stripped = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '')
  if (!stripped.includes('</body>'))
    throw new Error('index.html: no </body> to load the entry from')
  return stripped.replace('</body>', () => `  <script>${loader}</script>\n  </body>`)
}

/**
 * bootCssPath: src/boot.css. signedInChunkNames: the chunks (build.rollupOptions.output
 * .codeSplitting.groups) a signed-in start served by the service worker preloads beside the entry,
 * with their stylesheets.
 */
export function firstPaint(
  bootCssPath: string,
  signedInChunkNames: readonly string[] = [],
  // The persisted cache's layout for the build's environment (import.meta.env's VITE_ values).
  cacheReadFor?: (env: Record<string, string>) => CacheRead,
): Plugin[] {
  let cacheRead: CacheRead | undefined
  return [
    {
      name: 'first-paint:inline-boot-styles',
      apply: 'build',
      transformIndexHtml: {
        order: 'pre',
        handler: (html) => inlineBootStyles(html, readFileSync(bootCssPath, 'utf8')),
      },
    },
    {
      name: 'first-paint:preload-app-styles',
      apply: 'build',
      transformIndexHtml: { order: 'post', handler: preloadAppStylesheets },
    },
    {
      name: 'first-paint:load-entry-after-paint',
      apply: 'build',
      configResolved: (config) => {
        cacheRead = cacheReadFor?.(config.env as Record<string, string>)
      },
      transformIndexHtml: {
        order: 'post',
        handler: (html, { bundle }) => {
          const chunks = Object.values(bundle ?? {}).flatMap((file) =>
            file.type === 'chunk' && signedInChunkNames.includes(file.name)
              ? [
                  `/${file.fileName}`,
                  ...[...(file.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`),
                ]
              : [],
          )
          return loadEntryAfterPaint(html, [...new Set(chunks)].sort(), cacheRead)
        },
      },
    },
  ]
}
