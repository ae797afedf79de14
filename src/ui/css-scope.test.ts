// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * One naming rule for styles: a class styled on its own (no ancestor in the selector) belongs to
 * one stylesheet. Two files styling the same bare class is how the sales list's cards once broke
 * the sale detail's layout after client-side navigation (both CSS files are then on the page).
 */
const SRC = join(__dirname, '..')

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return cssFiles(path)
    return entry.name.endsWith('.css') ? [path] : []
  })
}

// Classes of selectors that are one compound (`.a`, `.a.b:hover`, `button.a`), per selector.
export function bareClasses(css: string): Set<string> {
  const classes = new Set<string>()
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '')
  for (const match of text.matchAll(/([^{}@;]+)\{/g)) {
    for (const selector of (match[1] ?? '').split(',')) {
      const part = selector.trim().replace(/\([^)]*\)/g, '')
      if (!part || /[\s>+~]/.test(part)) continue
      for (const name of part.matchAll(/\.([\w-]+)/g)) classes.add(name[1] ?? '')
    }
  }
  return classes
}

describe('CSS scoping', () => {
  it('reads bare classes, not ones scoped under an ancestor', () => {
    const css = '.a, .b:hover { } .c .d { } .e > .f { } button.g::after { } /* .h { } */'
    expect([...bareClasses(css)].sort()).toEqual(['a', 'b', 'g'])
  })

  it('styles each bare class in one stylesheet only', () => {
    const owners = new Map<string, string[]>()
    for (const file of cssFiles(SRC)) {
      for (const name of bareClasses(readFileSync(file, 'utf8'))) {
        owners.set(name, [...(owners.get(name) ?? []), relative(SRC, file)])
      }
    }
    const shared = [...owners].filter(([, files]) => files.length > 1)
    expect(shared.map(([name, files]) => `.${name}: ${files.join(', ')}`)).toEqual([])
  })
})
