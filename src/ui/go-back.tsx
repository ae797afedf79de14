import { useCanGoBack, useRouter } from '@tanstack/react-router'
import { Button } from '@/ui/button'

// Back to where the user came from (a list keeps its filters in the URL), else to `fallback`
// when the page was opened directly.
export function GoBack({ fallback }: { fallback: string }) {
  const router = useRouter()
  const canGoBack = useCanGoBack()
  return (
    <Button
      variant="secondary"
      onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: fallback }))}
    >
      Go back
    </Button>
  )
}
