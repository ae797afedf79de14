// The map names every room: each top-level folder of src/ and server/ has its line in the layouts
// of docs/architecture.md and the README, and each page of docs/ is in the docs index
// (docs/README.md). A new folder or page without its line fails here.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The folders a layout must name, as written there: 'src/session/'.
function topFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${root}/${entry.name}/`)
    .sort()
}

// The first code block after a '## Layout' heading.
function layoutBlock(markdown: string): string {
  const heading = markdown.indexOf('\n## Layout\n')
  if (heading < 0) throw new Error('no ## Layout heading')
  const open = markdown.indexOf('```', heading)
  const close = markdown.indexOf('```', open + 3)
  if (open < 0 || close < 0) throw new Error('no code block under ## Layout')
  return markdown.slice(open + 3, close)
}

// The folders a layout names: each line's first word, when it is a folder of src/ or server/.
function namedFolders(layout: string): Set<string> {
  const named = new Set<string>()
  for (const line of layout.split('\n')) {
    const match = /^((?:src|server)\/[^/\s]+\/)/.exec(line)
    if (match?.[1]) named.add(match[1])
  }
  return named
}

const folders = [...topFolders('src'), ...topFolders('server')]

describe.each([['docs/architecture.md'], ['README.md']])('the layout in %s', (file) => {
  const named = namedFolders(layoutBlock(readFileSync(file, 'utf8')))

  it('gives every top-level folder of src/ and server/ a line', () => {
    expect(folders.filter((folder) => !named.has(folder))).toEqual([])
  })

  it('names no folder that is gone', () => {
    expect([...named].filter((folder) => !folders.includes(folder))).toEqual([])
  })
})

describe('the docs index (docs/README.md)', () => {
  const index = readFileSync('docs/README.md', 'utf8')
  const pages = readdirSync('docs')
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()

  it('links every page of docs/', () => {
    expect(pages.filter((page) => !index.includes(`](${page})`))).toEqual([])
  })
})
