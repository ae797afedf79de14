// What the repo may cite: its own docs/. Shared by the codemod (scripts/cite-docs.mjs) and the
// check (tests/build/doc-citations.test.ts). Rules live in docs/ (docs/README.md#citing-a-rule).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// Citations of documents that are not in the repo: section signs and the outside files' names.
export const OUTSIDE_CITATION =
  /§|\bSPEC(?:\.md|'s| (?=§))|\bARCHITECTURE(?:\.md)?\b|\bSANDBOX\.md\b|\bSTYLE\.md\b|\.\.\/shared\//

// A link into docs/ as code comments write it: docs/roles.md#refunds (the anchor is optional).
const DOC_LINK = /\bdocs\/([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?/g

const TEXT_FILE = /\.(?:[cm]?[jt]sx?|css|html|md|json|ya?ml|sh|sql)$|(?:^|\/)(?:run|Dockerfile)$/

export function repoFiles(root) {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
  return out
    .split('\n')
    .filter((file) => file && TEXT_FILE.test(file) && !file.endsWith('routeTree.gen.ts'))
    .filter((file) => existsSync(join(root, file)))
}

// GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

export function anchorsOf(markdown) {
  const anchors = new Set()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line)
    if (heading) anchors.add(slug(heading[1]))
  }
  return anchors
}

// Every line of the repo that cites an outside document.
export function outsideCitations(root, files = repoFiles(root)) {
  const found = []
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n')
    lines.forEach((text, index) => {
      if (OUTSIDE_CITATION.test(text)) found.push({ file, line: index + 1, text: text.trim() })
    })
  }
  return found
}

// Every docs/… link whose file or heading does not exist.
export function brokenDocLinks(root, files = repoFiles(root)) {
  const anchorCache = new Map()
  const anchors = (doc) => {
    if (!anchorCache.has(doc)) {
      const path = join(root, 'docs', doc)
      anchorCache.set(doc, existsSync(path) ? anchorsOf(readFileSync(path, 'utf8')) : null)
    }
    return anchorCache.get(doc)
  }
  const broken = []
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8')
    // Inside docs/ a link is relative: (roles.md#refunds).
    const relative = file.startsWith('docs/') ? /\]\(([a-z0-9-]+\.md)(?:#([a-z0-9-]+))?\)/g : null
    for (const pattern of [DOC_LINK, relative].filter(Boolean)) {
      for (const match of text.matchAll(pattern)) {
        const [link, doc, anchor] = match
        const known = anchors(doc)
        if (!known || (anchor && !known.has(anchor))) broken.push({ file, link })
      }
    }
  }
  return broken
}
