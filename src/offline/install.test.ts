import { describe, expect, it } from 'vitest'
import { installOption, isIosDevice } from '@/offline/install'

const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/131.0 Mobile'
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Safari'
const ipadAsMac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari'

describe('installOption', () => {
  it("offers the browser's dialog once beforeinstallprompt fired", () => {
    const hints = { userAgent: android, maxTouchPoints: 5, standalone: false }
    expect(installOption(hints, true, false)).toBe('prompt')
    expect(installOption(hints, false, false)).toBeNull()
  })

  it('explains Share → Add to Home Screen on iPhone and iPad, which have no install event', () => {
    expect(
      installOption({ userAgent: iphone, maxTouchPoints: 5, standalone: false }, false, false),
    ).toBe('ios-instructions')
    expect(isIosDevice({ userAgent: ipadAsMac, maxTouchPoints: 5, standalone: false })).toBe(true)
    // A real Mac has no touch screen.
    expect(isIosDevice({ userAgent: ipadAsMac, maxTouchPoints: 0, standalone: false })).toBe(false)
  })

  it('offers nothing inside the installed app or right after installing', () => {
    expect(
      installOption({ userAgent: iphone, maxTouchPoints: 5, standalone: true }, false, false),
    ).toBeNull()
    expect(
      installOption({ userAgent: android, maxTouchPoints: 5, standalone: false }, true, true),
    ).toBeNull()
  })
})
