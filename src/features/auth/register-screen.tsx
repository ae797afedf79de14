import { useRouter } from '@tanstack/react-router'
import { useRegisterMutation } from '@/features/auth/api'
import { AuthLayout } from '@/features/auth/auth-layout'
import { EmailField } from '@/features/auth/email-field'
import { REGISTER_RULES, RegisterSchema } from '@/features/auth/form-schemas'
import { PASSWORD_MIN_LENGTH } from '@/lib/password-rules'
import { useForm } from '@/lib/use-form'
import { Button } from '@/ui/button'
import { TextField } from '@/ui/field'
import { WriteFailure } from '@/ui/write-failure'
import { PasswordField } from '@/ui/password-field'

// `redirect`: where to go once signed in (an invitation link), instead of the welcome.
export function RegisterScreen({ redirect }: { redirect?: string } = {}) {
  const registration = useRegisterMutation()
  const router = useRouter()
  const form = useForm({
    initial: { emailAddress: '', password: '', firstName: '', lastName: '' },
    schema: RegisterSchema,
    ...REGISTER_RULES,
    onSubmit: async (payload) => {
      // docs/api.md#users-and-session: registered and signed in, then /?welcome=true.
      await registration.mutateAsync(payload)
      if (redirect) await router.navigate({ href: redirect })
      else await router.navigate({ to: '/', search: { welcome: true } })
    },
  })

  return (
    <AuthLayout
      title="Create an account"
      description="Register to manage your card payments."
      after={
        <p>
          Already registered? <a href="/login">Log in</a>
        </p>
      }
    >
      <WriteFailure failure={form.summary} />
      <form className="auth-form" noValidate onSubmit={form.onSubmit}>
        <EmailField {...form.field('emailAddress')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          required
          {...form.field('password')}
        />
        <div className="auth-form__pair">
          <TextField
            label="First name"
            autoComplete="given-name"
            optional
            {...form.field('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            optional
            {...form.field('lastName')}
          />
        </div>
        <Button type="submit" block loading={form.pending}>
          Create account
        </Button>
      </form>
    </AuthLayout>
  )
}
