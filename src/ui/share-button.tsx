import { Button, type ButtonProps } from '@/ui/button'
import { useToast } from '@/ui/toast'

interface ShareButtonProps extends Omit<ButtonProps, 'onClick'> {
  url: string
  title: string
  text?: string
}

// Offers a link to the phone's share sheet (Web Share API); renders nothing where there is none.
export function ShareButton({ url, title, text, children = 'Share', ...rest }: ShareButtonProps) {
  const toast = useToast()
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return null
  async function share() {
    try {
      await navigator.share({ title, text, url })
    } catch (error) {
      // Closing the sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return
      toast.notice('Could not share the link', 'error')
    }
  }
  return (
    <Button variant="secondary" size="small" {...rest} onClick={() => void share()}>
      {children}
    </Button>
  )
}
