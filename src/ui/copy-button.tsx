import { Button, type ButtonProps } from '@/ui/button'
import { useToast } from '@/ui/toast'

interface CopyButtonProps extends Omit<ButtonProps, 'onClick'> {
  value: string
}

// Copies a value: a copy notice (1000 ms, docs/constants.md#timing), 'Could not copy to clipboard' when refused (docs/errors.md#export-and-clipboard).
export function CopyButton({ value, children = 'Copy', ...rest }: CopyButtonProps) {
  const toast = useToast()
  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      toast.copied()
    } catch {
      toast.notice('Could not copy to clipboard', 'error')
    }
  }
  return (
    <Button variant="secondary" size="small" {...rest} onClick={() => void copy()}>
      {children}
    </Button>
  )
}
