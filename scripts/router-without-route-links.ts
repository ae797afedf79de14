// A Vite plugin: TanStack Router's route classes without their `Route.Link` shortcut. Every route
// object made its own Link component in its constructor, which kept the router's whole Link (some
// 1.6 KB gzip) in the boot chunk, before /login's form, though /login shows no router link. The
// portal's screens import Link itself; without the shortcut it travels with them, after /login's
// first paint. `Route.Link` is then undefined: ESLint refuses it (eslint.config.js).
import type { Plugin } from 'vite'

// The file of @tanstack/react-router that defines the route classes.
const ROUTE_SOURCE = /[\\/]@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]route\.js$/
const LINK_IMPORT = 'import { Link } from "./link.js";\n'
// One per route class (RouteApi, Route, RootRoute).
const LINK_SHORTCUT =
  /\n\t\tthis\.Link = React\.forwardRef\(\(props, ref\) => \{\n[\s\S]*?\n\t\t\}\);/g
const SHORTCUTS = 3

/** The source without the shortcuts; throws when the router's layout is not the one this expects. */
export function cutRouteLinks(source: string): string {
  const found = source.match(LINK_SHORTCUT)?.length ?? 0
  if (!source.includes(LINK_IMPORT) || found !== SHORTCUTS) {
    throw new Error(
      `@tanstack/react-router: expected its Link import and ${SHORTCUTS} Route.Link shortcuts in route.js, found ${found}`,
    )
  }
  const kept = source.replace(LINK_IMPORT, '').replace(LINK_SHORTCUT, '')
  if (/\bLink\b/.test(kept.replace(/\/\*[\s\S]*?\*\//g, ''))) {
    throw new Error('@tanstack/react-router: route.js still uses Link; keep the shortcuts')
  }
  return kept
}

export function routerWithoutRouteLinks(): Plugin {
  return {
    name: 'router-without-route-links',
    // The dev server serves the router pre-bundled, shortcuts and all; only the build is trimmed.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTE_SOURCE.test(id)) return null
      return { code: cutRouteLinks(code), map: null }
    },
  }
}
