import { useEffect, useState } from 'react'
import { PASSWORD_MAX_LENGTH, PROHIBITED_WORDS } from '@/lib/password-rules'

export type StrengthEstimator = (password: string, userInputs?: string[]) => number

let estimator: Promise<StrengthEstimator> | null = null

// @zxcvbn-ts is large, so it is fetched only when a password screen first needs it.
export function loadStrengthEstimator(): Promise<StrengthEstimator> {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, en]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: {
        ...common.dictionary,
        ...en.dictionary,
        userInputs: [...PROHIBITED_WORDS],
      },
    })
    // Long input is refused anyway; scoring only its start keeps typing responsive.
    return (password, userInputs = []) =>
      zxcvbn.check(password.slice(0, PASSWORD_MAX_LENGTH), userInputs).score
  })
  estimator.catch(() => {
    // A failed chunk download may succeed on the next screen.
    estimator = null
  })
  return estimator
}

// The estimator's score for the password, or null while the library loads (or failed to).
export function usePasswordScore(password: string, userInputs: string[] = []): number | null {
  const [estimate, setEstimate] = useState<StrengthEstimator | null>(null)
  useEffect(() => {
    let active = true
    loadStrengthEstimator().then(
      (loaded) => active && setEstimate(() => loaded),
      () => undefined,
    )
    return () => {
      active = false
    }
  }, [])
  const inputs = userInputs.join('\n')
  if (!estimate || password === '') return estimate ? 0 : null
  return estimate(password, inputs ? inputs.split('\n') : [])
}
