import { expect, test } from '@playwright/test'
import { DEMO_EMAILS } from './support/demo'
import { COLD_START_MS, signIn } from './support/sign-in'

interface ReceivedError {
  payload: Record<string, unknown> | null
}

// What a person's data could travel in; ids and trace headers are random hex and say nothing.
const PERSONAL_PARTS = [
  'message',
  'exception',
  'breadcrumbs',
  'request',
  'extra',
  'tags',
  'user',
  'contexts',
]

// The e2e build points VITE_SENTRY_DSN at a placeholder and VITE_SENTRY_TUNNEL at /sandbox/errors.
test('an error in a route reaches the error ingest scrubbed of personal data', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO_EMAILS.owner)
  const marker = `faultmarker${test.info().project.name}${Date.now().toString(36).replace(/\d/g, 'x')}`
  const email = 'jane.driver@example.com'
  const card = '4242424242424242'
  const phone = '+44 7700 900123'
  // A server fault whose message carries personal data, injected on the account list's request.
  await page.route(/\/v1\/submerchants(\?|$)/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        message: `Lookup failed ${marker} for ${email} card ${card} phone ${phone}`,
        code: 'internal_error',
      }),
    }),
  )
  await page.goto('/select-account')
  // A full page load (the app started again) and the list's two retries (1 s, then 2 s) come first.
  await expect(page.getByText('Failed to load submerchants')).toBeVisible({
    timeout: COLD_START_MS,
  })

  let received = ''
  await expect
    .poll(
      async () => {
        const res = await request.get('/sandbox/errors')
        const events = (await res.json()) as ReceivedError[]
        const ours = events
          .map((e) => e.payload)
          .filter((p) => p && JSON.stringify(p).includes(marker))
          .map((p) => Object.fromEntries(PERSONAL_PARTS.map((key) => [key, p?.[key]])))
        received = JSON.stringify(ours)
        return ours.length > 0
      },
      { timeout: 20_000 },
    )
    .toBe(true)

  expect(received).not.toContain(email)
  expect(received).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/)
  expect(received).not.toContain(card)
  expect(received).not.toMatch(/\d{12,}/)
  expect(received).not.toContain('7700 900123')
  expect(received).not.toContain('7700900123')
  expect(received).toContain('[email]')
  const cookies = await page.context().cookies()
  for (const cookie of cookies) expect(received).not.toContain(cookie.value)
})
