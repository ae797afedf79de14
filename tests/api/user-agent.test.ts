import { describe, expect, it } from 'vitest'
import { describeDevice } from '../../server/lib/user-agent'

describe('describeDevice', () => {
  it('names the browser and the system', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 131 on Android 14')
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS 17')
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toBe('Edge 120 on Windows')
    expect(describeDevice('curl/8.5.0')).toBe('curl 8')
  })

  it('says nothing without a header and Other for the unknown', () => {
    expect(describeDevice(undefined)).toBeNull()
    expect(describeDevice('')).toBeNull()
    expect(describeDevice('SomethingElse/1')).toBe('Other')
  })
})
