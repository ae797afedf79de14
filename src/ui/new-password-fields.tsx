import { useId } from 'react'
import type { NewPasswordAssessment } from '@/lib/password-rules'
import { PasswordField } from '@/ui/password-field'
import './new-password-fields.css'

interface NewPasswordFieldsProps {
  password: string
  confirmation: string
  onPasswordChange: (value: string) => void
  onConfirmationChange: (value: string) => void
  assessment: NewPasswordAssessment
  // The form's messages after a submit (useForm errors), under the live ones.
  errors?: { newPassword?: string; confirmPassword?: string }
}

// New password with its strength meter (docs/validation.md#new-password): shared by reset, set and change-password screens.
export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  assessment,
  errors = {},
}: NewPasswordFieldsProps) {
  const meterId = useId()
  return (
    <>
      <div className="new-password">
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={password}
          error={assessment.passwordError ?? errors.newPassword}
          aria-describedby={assessment.typed ? meterId : undefined}
          onChange={(event) => onPasswordChange(event.target.value)}
        />
        {/* The meter appears with the first character: 'Strength: Empty' says nothing before. */}
        {assessment.typed && (
          <div className="strength" id={meterId}>
            <div className="strength__bar" aria-hidden="true">
              {[1, 2, 3, 4].map((step) => (
                <span
                  key={step}
                  className={`strength__step${assessment.score >= step ? ` strength__step--on strength__step--${assessment.score}` : ''}`}
                />
              ))}
            </div>
            <p className="strength__label" aria-live="polite">
              Strength: <strong>{assessment.label}</strong>
            </p>
            {assessment.warnings.length > 0 && (
              <ul className="strength__warnings">
                {assessment.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={confirmation}
        error={assessment.confirmationError ?? errors.confirmPassword}
        onChange={(event) => onConfirmationChange(event.target.value)}
      />
    </>
  )
}
