#!/usr/bin/env node
// Rewrites citations of documents outside the repo (section signs, the spec, architecture and
// sandbox contract files) into links to docs/, in comments and test titles only; product strings
// are reported, never changed. Usage: node scripts/cite-docs.mjs [--dry] [paths…]
// Without paths it walks src, sw, server, tests, scripts and the root config files.
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { OUTSIDE_CITATION, repoFiles } from './doc-citations.mjs'

// Exact rewrites of the few comments the rules above leave clumsy, reviewed by hand.
const POLISH = JSON.parse(readFileSync(join(import.meta.dirname, 'cite-docs-polish.json'), 'utf8'))

const root = join(import.meta.dirname, '..')

// Section → docs page, and the heading picked by the first keyword the comment line matches.
const SECTIONS = {
  1: { doc: 'product.md', anchors: [] },
  2: {
    doc: 'screens.md',
    anchors: [
      [
        /sidebar|top bar|shell|footer|user menu|display name|status icon|notifications dropdown/i,
        'the-shell',
      ],
      [/notification history|attempts/i, 'notification-history'],
      [/scan|anytime/i, 'scan-to-pay'],
      [/payout/i, 'payouts'],
      [/terminal/i, 'terminals'],
      [/payment.links?|intent|bulk/i, 'payment-links'],
      [/developer|api.key|endpoint/i, 'developer-tools'],
      [/receipt/i, 'receipts'],
      [/export/i, 'export'],
      [/sale detail|saleId|withheld|refund/i, 'sale-detail'],
      [/sales|transactions/i, 'sales'],
      [/register/i, 'register'],
      [/forgot/i, 'forgot-password'],
      [/reset|set-password|ticket/i, 'reset-and-set-password'],
      [/login|sign.in|mfa|code step/i, 'login'],
      [/select-account|account choice|choose an account/i, 'select-account'],
      [/profile|user\/edit|your account/i, 'edit-profile'],
      [/dashboard/i, 'dashboard'],
      [/not found|unknown|redirect|status|support|account pages/i, 'routing-rules'],
    ],
  },
  3: {
    doc: 'entities.md',
    anchors: [
      [/permission|resource:operation/i, 'api-key-permissions'],
      [/event/i, 'webhook-events'],
      [/api.key|webhook|notification|attempt|endpoint/i, 'developer-tools'],
      [/terminal|model|allocation/i, 'terminals'],
      [/intent|payment.link|enrol|csv|bulk/i, 'payment-links'],
      [/payout|bank|card/i, 'payouts'],
      [/sale|balance|refund|receipt/i, 'sales-and-money'],
      [/user|submerchant|account|member|mfa|token/i, 'people-and-accounts'],
    ],
  },
  4: {
    doc: 'states.md',
    anchors: [
      [/forced|invalid_token|logs? out|logout/i, 'forced-logout'],
      [/export/i, 'export'],
      [/bulk|rows?\b/i, 'bulk-runs'],
      [/refund|pending|approved/i, 'refunds'],
      [/settle|payout status|withheld/i, 'settlement-and-payout-of-a-sale'],
      [/api.key|endpoint|toggle|enable|disable/i, 'api-keys-and-webhook-endpoints'],
      [/re-?authenticat|\bwait 2|password change|password update/i, 'password'],
      [/login|sign.in|recovery|mfa token required|code step/i, 'sign-in'],
      [/mfa/i, 'mfa'],
      [/enrol|sunday|monday|409/i, 'enrolment'],
      [/intent|payment.link|capture|cancel|reset|resend|status/i, 'payment-links'],
      [/password/i, 'password'],
      [/session|loggedin|signed.in|storage|expiry/i, 'session'],
    ],
  },
  5: {
    doc: 'validation.md',
    anchors: [
      [/bulk action|no rows selected|nothing selected/i, 'bulk-actions'],
      [/too soon|check again|reload check/i, 'checking-a-links-status-again'],
      [/resend/i, 'resend-form'],
      [/capture/i, 'capture'],
      [/bulk|csv|truthy|rows?\b|header/i, 'bulk-create'],
      [/export|start date|end date/i, 'export-dates'],
      [
        /endpoint|api.key|test notification|sale must be selected|developer|permission|preselected|sale\.created/i,
        'developer-tools',
      ],
      [/refund/i, 'refund-request'],
      [/receipt/i, 'receipt'],
      [
        /payment.link|intent|job number|reference|expiry|customer|create|dashes/i,
        'payment-link-create',
      ],
      [/mfa|authenticator|recovery|code/i, 'mfa-codes'],
      [/profile|first.?name|last.?name/i, 'profile'],
      [/\blogin|register|forgot|sign.in/i, 'sign-in-forms'],
      [/password|strength|prohibited|ticket/i, 'new-password'],
      [/email/i, 'sign-in-forms'],
      [/phone/i, 'receipt'],
    ],
  },
  6: {
    doc: 'roles.md',
    anchors: [
      [/own mfa|enrol or disable/i, 'profile'],
      [/sidebar/i, 'sidebar'],
      [/refund/i, 'refunds'],
      [/terminal/i, 'terminals'],
      [/payout/i, 'payouts'],
      [/scan/i, 'scan-to-pay'],
      [/job.number|requiresJobNumber/i, 'job-number-accounts'],
      [/developer|api.key|endpoint|webhook/i, 'developer-tools'],
      [/payment.link|intent|create|modify|enrol|finaroId|bulk/i, 'payment-links'],
      [/add.a?.?user|bank account|mfa|profile/i, 'profile'],
      [/perspective|header/i, 'the-account-every-request-acts-for'],
      [/lists?\b|ids\b/i, 'the-id-lists'],
    ],
  },
  7: {
    doc: 'api.md',
    anchors: [
      [/idempoten/i, 'idempotency'],
      [/customer.notification/i, 'payment-links'],
      [
        /total.count|approximate|list grammar|query string|list quer|page of a list|row of a list|one list|list request/i,
        'lists',
      ],
      [/webhook|api.key|endpoint|notification|attempt|test.sale/i, 'developer-tools'],
      [/intent|payment.link|enrol|customer-notification|bulk/i, 'payment-links'],
      [/payout|bank|payout.card/i, 'payouts'],
      [/terminal/i, 'terminals'],
      [/sale|refund|receipt|balance|export/i, 'sales-refunds-and-receipts'],
      [
        /token|session|password|users|mfa|registration|auth helper|device|sign.in|status page/i,
        'users-and-session',
      ],
      [/submerchant|account/i, 'accounts'],
      [/header|perspective|cache/i, 'wire-format'],
    ],
  },
  8: {
    doc: 'errors.md',
    anchors: [
      [/failed to load|load/i, 'loading-a-screen'],
      [/export|clipboard|copy/i, 'export-and-clipboard'],
      [
        /endpoint|api.key|test failed|deletion failed|toggle|developer|create form/i,
        'developer-tools',
      ],
      [/intent|payment.link|operation failed|notification|bulk|enrol|oops/i, 'payment-links'],
      [/refund|receipt|sale|terminal|withheld/i, 'sales-refunds-receipts-terminals'],
      [/password|forgot|reset/i, 'password'],
      [/mfa/i, 'mfa'],
      [/profile|account|not found/i, 'profile-and-accounts'],
      [/login|session|compromised|unknown error|no response|not sent/i, 'sign-in-and-session'],
    ],
  },
  9: {
    doc: 'constants.md',
    anchors: [
      [/at a time|per page|pagination|page links/i, 'sizes-and-limits'],
      [/export|preset/i, 'export'],
      [/sunday|enrol/i, 'enrolment'],
      [/idempotency|row counter|run id|random id/i, 'sizes-and-limits'],
      [/toast|notice|poll|interval|debounce/i, 'timing'],
      [/format|date|yyyy|phone|prettif|currency|hour/i, 'formats'],
      [/scheme|card type|methods?\b/i, 'sales-filters'],
      [
        /poll|interval|debounce|wait|\bms\b|\d ?s\b|seconds|notice|toast|timeout|status check|search|checks?\b|checked/i,
        'timing',
      ],
      [/page|limit|size|length|truncat|cut|approximate|1\.2|attempt|picker/i, 'sizes-and-limits'],
    ],
  },
}

// Headings of the outside files' own sections, as the code quoted them.
const NAMED = {
  ARCHITECTURE: {
    Writing: 'offline.md#writing',
    'Offline reading': 'offline.md#reading',
    Keys: 'architecture.md#keys',
    Layout: 'architecture.md#layout',
    Reading: 'architecture.md#reading',
    HTTP: 'architecture.md#http',
    Policy: 'architecture.md#policy',
    Conventions: 'architecture.md#conventions',
  },
  SANDBOX: {
    Lists: 'api.md#lists',
    Abuse: 'auth.md#abuse',
    Webhooks: 'sandbox.md#webhooks',
    Receipts: 'sandbox-decisions.md#receipts',
    'Refund requests': 'sandbox-decisions.md#refund-requests',
    'GET /v1/sales': 'sandbox-decisions.md#get-v1sales',
    '/pay?submerchant={id}': 'sandbox.md#pay-page',
  },
}

const BARE = {
  ARCHITECTURE: [
    [/offline|queue|queued|paused/i, 'offline.md#writing'],
    [/.*/, 'architecture.md'],
  ],
  SANDBOX: [
    [/error body|error handler|stack/i, 'api.md#errors'],
    [/mfa|credential|password change/i, 'auth.md#passwords-and-mfa'],
    [/list|total|fields/i, 'api.md#lists'],
    [/idempoten/i, 'api.md#idempotency'],
    [/ticket|reset/i, 'auth.md#passwords-and-mfa'],
    [/enrol/i, 'sandbox.md#enrolment'],
    [/pay page|payment world|scan/i, 'sandbox.md#pay-page'],
    [/token|cookie|texts/i, 'auth.md#tokens-and-cookies'],
    [/.*/, 'sandbox.md'],
  ],
}

const HTTP_VERB = '(?:GET|POST|PUT|PATCH|DELETE)\\b'
const SECTION = '(?:SPEC(?:\\.md)? )?§([1-9])(?:\\.\\d+)?'
// Words that end a short noun phrase after "the §6 …": the reference goes right after them.
const HEAD_NOUNS =
  'messages?|texts?|rules?|format|lists?|shape|failures?|states|presets|policy|permissions?|query|titles|warnings|summary|search|sidebar|columns|calls?|user|model|order|keys?|checks?|fallback text|pagination|limits?|values|actions|dialog|filters?|sentence|entries|labels?|types?|codes?|resources?|logout|status(?:es)?|fields?|payload|payloads|steps?|flag|routes?|screens?|pages?|table|message|restrictions?|enums|models?|sentences?|lengths?|choices|warning|wording|defaults?|options|order'
const ARTICLE = "\\w+'s|[Tt]he|[Aa]n?|[Oo]ne|[Tt]wo|[Tt]hree|[Ee]very|its|their|with|of|by|on|per"

function sectionRef(n, context, fallback = '', path = '') {
  const { doc, anchors } = SECTIONS[n]
  const hit =
    anchors.find(([pattern]) => pattern.test(context)) ??
    anchors.find(([pattern]) => pattern.test(fallback)) ??
    anchors.find(([pattern]) => pattern.test(path.replace(/[-/]/g, ' ')))
  return hit ? `${doc}#${hit[1]}` : doc
}

// A docs/ path as this file should write it.
function formatRef(ref, mode) {
  if (mode === 'markdown-docs')
    return `[${ref.replace(/\.md(#.*)?$/, '').replace(/-/g, ' ')}](${ref})`
  if (mode === 'markdown-root') return `[docs/${ref}](docs/${ref})`
  return `docs/${ref}`
}

// Rewrites one comment's text. `title` mode (test names) drops the citation instead of linking.
export function rewriteText(text, { mode = 'code', title = false, fallback = '', path = '' } = {}) {
  const context = text
  const ref = (n, where = context) => formatRef(sectionRef(n, where, fallback, path), mode)
  let out = text

  // Issue sections are not the spec's: "issue 12 §5" → "issue 12, item 5".
  out = out.replace(/\b([Ii]ssue \d+) §(\d+)/g, '$1, item $2')

  // The outside files by name, with a quoted heading or bare.
  out = out.replace(/\b(ARCHITECTURE|SANDBOX)(?:\.md)? "([^"]+)"/g, (whole, file, heading) => {
    const target = NAMED[file][heading] ?? BARE[file].find(([p]) => p.test(heading + context))[1]
    return title ? '' : formatRef(target, mode)
  })
  out = out.replace(
    /\b([Tt]he )(ARCHITECTURE|SANDBOX)\.md ((?:list |error )?(?:body|headers|contract|rules))\b/g,
    (whole, the, file, phrase) => {
      const target = BARE[file].find(([p]) => p.test(phrase + ' ' + context))[1]
      return title ? '' : `${the}${phrase} (${formatRef(target, mode)})`
    },
  )
  out = out.replace(/\b(ARCHITECTURE|SANDBOX)\.md\b/g, (whole, file) => {
    const target = BARE[file].find(([p]) => p.test(context))[1]
    return title ? '' : formatRef(target, mode)
  })
  out = out.replace(/§ offline/g, formatRef('offline.md', mode))
  out = out.replace(/\bARCHITECTURE\b/g, () => (title ? '' : formatRef('architecture.md', mode)))

  if (title) {
    // Test names: the citation goes, the words stay.
    out = out.replace(new RegExp(`as ${SECTION} \\w+(?: them| it)?`, 'g'), 'as documented')
    out = out.replace(
      new RegExp(`(?:${SECTION} and )?${SECTION} (?:gives?|says?|lists?|names?)\\b`, 'g'),
      'documented',
    )
    out = out.replace(new RegExp(`${SECTION} (?=to |on )`, 'g'), (whole, n) =>
      n === '6' ? 'the role rule ' : '',
    )
    out = out.replace(new RegExp(`${SECTION}: `, 'g'), (whole, n) =>
      n === '6' ? 'the role rule: ' : 'the rule: ',
    )
    out = out.replace(
      new RegExp(`(the|exact) ${SECTION} (?=(?:messages?|texts?|rules|lengths|fallback)\\b)`, 'g'),
      '$1 documented ',
    )
    out = out.replace(new RegExp(`${SECTION}'s `, 'g'), 'the ')
    out = out.replace(new RegExp(`(?:/${SECTION})+`, 'g'), '')
    out = out.replace(new RegExp(`\\(${SECTION}\\)`, 'g'), '')
    out = out.replace(new RegExp(`${SECTION}:? ?`, 'g'), '')
    return out
      .replace(/ {2,}/g, ' ')
      .replace(/ ([,.)])/g, '$1')
      .replace(/^(['"`]?) | (['"`]?)$/g, '$1$2')
  }

  // "§7 GET /v1/…": the call names itself; the catalogue is docs/api.md.
  out = out.replace(new RegExp(`${SECTION} (?=${HTTP_VERB})`, 'g'), '')
  // "SPEC §4/§8" and "§4/§5 texts": every section named, joined by "and".
  out = out.replace(new RegExp(`${SECTION}((?:/§[1-9])+)`, 'g'), (whole, first, rest) =>
    [first, ...rest.split('/§').filter(Boolean)].map((n) => ref(n)).join(' and '),
  )
  // "Beyond §7" → beyond the documented calls.
  out = out.replace(new RegExp(`([Bb])eyond ${SECTION}`, 'g'), (whole, b, n) =>
    n === '7' ? `${b}eyond the calls of ${ref(n)}` : `${b}eyond what ${ref(n)} describes`,
  )
  // "(§6)", "(SPEC §6)": the link in the parentheses.
  out = out.replace(new RegExp(`\\(${SECTION}\\)`, 'g'), (whole, n) => `(${ref(n)})`)
  // "(§6 Developer Tools)", "(§6, …)": the words first, then the link.
  out = out.replace(new RegExp(`\\(${SECTION}[ ,:]+([^()]{1,60}?)\\)`, 'g'), (whole, n, words) =>
    /^(?:and|or|with|has|have|restricts|says|lists|names|makes|gives|is|are|wants|asks|writes|calls|only|does|leaves)\b/.test(
      words,
    )
      ? `(${ref(n, words + ' ' + context)} ${words})`
      : `(${words}, ${ref(n, words + ' ' + context)})`,
  )
  // "§8's 'Failed to load …'" → the text, then the link.
  out = out.replace(
    new RegExp(`${SECTION}'s ('[^']*'|"[^"]*")`, 'g'),
    (whole, n, quoted) => `${quoted} (${ref(n, quoted + ' ' + context)})`,
  )
  // "the §6 terminal rule" → "the terminal rule (docs/roles.md#terminals)".
  out = out.replace(
    new RegExp(`\\b(${ARTICLE}) ${SECTION} ((?:[\\w.'/-]+ ){0,3}?(?:${HEAD_NOUNS}))\\b`, 'g'),
    (whole, article, n, phrase) => `${article} ${phrase} (${ref(n, phrase + ' ' + context)})`,
  )
  // "// §5: the rule" and "§4 forced logout: …" at the start: the words, then the link.
  out = out.replace(
    new RegExp(`^(\\s*(?:\\/\\/|\\*|/\\*\\*?|\\{/\\*)?\\s*)${SECTION}: `),
    (whole, lead, n) => `${lead}${ref(n)}: `,
  )
  out = out.replace(
    new RegExp(`^(\\s*(?:\\/\\/|\\*|/\\*\\*?|\\{/\\*)?\\s*)${SECTION} ([\\w /.-]{2,50}?):(?= |$)`),
    (whole, lead, n, words) =>
      `${lead}${words[0].toUpperCase()}${words.slice(1)} (${ref(n, words + ' ' + context)}):`,
  )
  // "(§5 bulk actions, §7)" style leftovers and any other: the link in place.
  out = out.replace(new RegExp(`${SECTION}'s`, 'g'), (whole, n) => `${ref(n)}'s`)
  out = out.replace(new RegExp(SECTION, 'g'), (whole, n) => ref(n))
  out = out.replace(/\bSPEC\.md\b/g, formatRef('README.md', mode))
  return out
}

const TEST_CALL = /^(?:it|test|describe|bench|suite)\b(?:\.\w+)*(?:\(|$)/

function rewriteComment(comment, mode, path) {
  return comment
    .split('\n')
    .map((line) =>
      OUTSIDE_CITATION.test(line) ? rewriteText(line, { mode, fallback: comment, path }) : line,
    )
    .join('\n')
}

// Edits of one TypeScript or JavaScript file: comments and test titles; other strings reported.
function scriptEdits(file, text, report) {
  const kind = /\.tsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.[cm]?jsx?$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
  const edits = new Map()
  const addComments = (ranges) => {
    for (const range of ranges ?? []) {
      const comment = text.slice(range.pos, range.end)
      if (!edits.has(range.pos) && OUTSIDE_CITATION.test(comment)) {
        edits.set(range.pos, {
          start: range.pos,
          end: range.end,
          text: rewriteComment(comment, 'code', file),
        })
      }
    }
  }
  const visit = (node) => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      addComments(ts.getLeadingCommentRanges(text, node.pos))
      addComments(ts.getTrailingCommentRanges(text, node.end))
    }
    const literal =
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isJsxText(node) ||
      node.kind === ts.SyntaxKind.TemplateHead ||
      node.kind === ts.SyntaxKind.TemplateMiddle ||
      node.kind === ts.SyntaxKind.TemplateTail
    if (literal && OUTSIDE_CITATION.test(node.getText(sf))) {
      // A template's parts belong to the template expression, which is the call's argument.
      const arg = ts.isTemplateSpan(node.parent)
        ? node.parent.parent
        : ts.isTemplateExpression(node.parent)
          ? node.parent
          : node
      const call = arg.parent
      const isTitle =
        call &&
        ts.isCallExpression(call) &&
        call.arguments[0] === arg &&
        TEST_CALL.test(call.expression.getText(sf))
      if (isTitle) {
        const start = arg.getStart(sf)
        edits.set(start, {
          start,
          end: arg.end,
          text: rewriteText(arg.getText(sf), { title: true, path: file }),
        })
      } else {
        const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf))
        report.push(
          `${file}:${line + 1}: a string cites an outside document: ${node.getText(sf).slice(0, 100)}`,
        )
      }
    }
    for (const child of node.getChildren(sf)) visit(child)
  }
  visit(sf)
  return [...edits.values()]
}

function applyEdits(text, edits) {
  let out = text
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end)
  }
  return out
}

function rewriteMarkdown(text, mode, path) {
  let fenced = false
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('```')) fenced = !fenced
      return !fenced && OUTSIDE_CITATION.test(line) ? rewriteText(line, { mode, path }) : line
    })
    .join('\n')
}

function rewriteCss(text, path) {
  return text.replace(/\/\*[\s\S]*?\*\//g, (comment) =>
    OUTSIDE_CITATION.test(comment) ? rewriteComment(comment, 'code', path) : comment,
  )
}

// Files owned elsewhere are left to their owners (docs/list-screens.md, docs/writes.md) unless named.
const DEFAULT_ROOTS = [
  'src',
  'sw',
  'server',
  'tests',
  'scripts',
  'eslint.config.js',
  'vite.config.ts',
  'playwright.config.ts',
  'vitest.config.ts',
  'README.md',
  'docs',
]
const SKIP = new Set([
  'scripts/cite-docs-polish.json',
  'scripts/cite-docs.mjs',
  'scripts/doc-citations.mjs',
  'tests/build/doc-citations.test.ts',
])

function polish(text) {
  return POLISH.reduce((out, [from, to]) => out.split(from).join(to), text)
}

export function rewriteFile(file, text, report) {
  return polish(rewriteAny(file, text, report))
}

function rewriteAny(file, text, report) {
  if (/\.md$/.test(file))
    return rewriteMarkdown(text, file.startsWith('docs/') ? 'markdown-docs' : 'markdown-root', file)
  if (/\.css$/.test(file)) return rewriteCss(text, file)
  if (/\.[cm]?[jt]sx?$/.test(file)) return applyEdits(text, scriptEdits(file, text, report))
  return text
}

function main(argv) {
  const dry = argv.includes('--dry')
  const roots = argv.filter((arg) => !arg.startsWith('--'))
  const explicit = roots.length > 0
  const wanted = (explicit ? roots : DEFAULT_ROOTS).map((r) =>
    relative(root, join(process.cwd(), r)).replace(/\/$/, ''),
  )
  const files = repoFiles(root).filter(
    (file) =>
      !SKIP.has(file) &&
      wanted.some((r) => file === r || file.startsWith(`${r}/`)) &&
      (explicit && wanted.includes(file)
        ? true
        : !['docs/list-screens.md', 'docs/writes.md'].includes(file)),
  )
  const report = []
  let changed = 0
  for (const file of files) {
    const path = join(root, file)
    const text = readFileSync(path, 'utf8')
    if (!OUTSIDE_CITATION.test(text) && polish(text) === text) continue
    const out = rewriteFile(file, text, report)
    if (out !== text) {
      changed += 1
      if (!dry) writeFileSync(path, out)
    }
  }
  for (const line of report) console.log(line)
  console.log(`${dry ? 'would change' : 'changed'} ${changed} files`)
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2))
