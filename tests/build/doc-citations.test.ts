// The repo explains itself: comments point at docs/ (docs/README.md#citing-a-rule), never at
// documents that are not in the repo, and every docs/ link they make leads to a real heading.
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { brokenDocLinks, outsideCitations, repoFiles } from '../../scripts/doc-citations.mjs'

const root = fileURLToPath(new URL('../..', import.meta.url))
// The codemod and its rules name what they rewrite.
const TOOLS = new Set([
  'scripts/cite-docs.mjs',
  'scripts/cite-docs-polish.json',
  'scripts/doc-citations.mjs',
])
const files = repoFiles(root).filter((file) => !TOOLS.has(file))

describe('doc citations', () => {
  it('cites no document outside the repo (run node scripts/cite-docs.mjs to rewrite)', () => {
    const found = outsideCitations(root, files).map(
      ({ file, line, text }) => `${file}:${line}: ${text}`,
    )
    expect(found).toEqual([])
  })

  it('links only to docs pages and headings that exist', () => {
    expect(brokenDocLinks(root, files)).toEqual([])
  })
})
