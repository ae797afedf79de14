// The device an activity row names (docs/entities.md#team-and-activity): browser and OS from the
// User-Agent, in a few words; never the raw header, which can be long and identifying.
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/\bChrome\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/\bcurl\/(\d+)/, 'curl'],
  [/\bnode(?:-fetch)?\/?(\d+)?/i, 'Node.js'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid (\d+)/, 'Android'],
  [/\biPhone OS (\d+)/, 'iOS'],
  [/\biPad; CPU OS (\d+)/, 'iPadOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows NT\b/, 'Windows'],
  [/\bMac OS X\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

function firstMatch(ua: string, table: [RegExp, string][]): string | null {
  for (const [pattern, name] of table) {
    const match = pattern.exec(ua)
    if (match) return match[1] ? `${name} ${match[1]}` : name
  }
  return null
}

// 'Chrome 131 on Android 14', 'Safari 17 on iOS 17', 'curl 8'; null when nothing is recognised.
export function describeDevice(userAgent: string | undefined): string | null {
  const ua = userAgent?.slice(0, 512) ?? ''
  if (ua === '') return null
  const browser = firstMatch(ua, BROWSERS)
  const system = firstMatch(ua, SYSTEMS)
  if (browser && system) return `${browser} on ${system}`
  return browser ?? system ?? 'Other'
}
