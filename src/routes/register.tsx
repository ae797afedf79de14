import { createFileRoute } from '@tanstack/react-router'
import { pageTitle } from '@/config/app'
import { RegisterScreen } from '@/features/auth/register-screen'

export const Route = createFileRoute('/register')({
  head: () => ({ meta: [{ title: pageTitle('Create an account') }] }),
  component: RegisterScreen,
})
