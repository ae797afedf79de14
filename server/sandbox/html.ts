const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

// Every value on sandbox pages is rendered as text, never markup.
export function escapeHtml(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`
}

// A page the sandbox shows to a customer (pay pages, receipts): mobile first, kept out of search,
// styled only by same-origin stylesheets (the CSP has no unsafe-inline); scripts are deferred files.
export function customerPage(page: {
  title: string
  mainClass: string
  body: string
  stylesheets: string[]
  scripts?: string[]
}): string {
  const links = page.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
  const scripts = (page.scripts ?? []).map(
    (src) => `<script src="${escapeHtml(src)}" defer></script>`,
  )
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
${[...links, ...scripts].join('\n')}
</head>
<body>
<main class="${escapeHtml(page.mainClass)}">
${page.body}
</main>
</body>
</html>
`
}

// The operator's stylesheet (its brand colour) for a customer page.
export const brandStylesheetHref = (operatorId: string) =>
  `/receipts/brands/${encodeURIComponent(operatorId)}`

// The operator's logo and brand name at the top of a customer page.
export function brandHeader(brand: { logoPath: string; brandName: string }): string {
  return `<header class="brand">
<img src="${escapeHtml(brand.logoPath)}" alt="" width="40" height="40">
<p class="brand-name">${escapeHtml(brand.brandName)}</p>
</header>`
}

export function wantsHtml(accept: string | undefined): boolean {
  return (accept ?? '').toLowerCase().includes('text/html')
}
