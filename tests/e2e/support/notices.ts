import type { Page } from '@playwright/test'

// Where a notice (toast) was drawn, and what it must not cover.
export type Box = { x: number; y: number; width: number; height: number }

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

export interface Seen {
  toast: Box
  inDialog: boolean
  dialog: Box | null
  dialogButtons: Box[]
  content: Box
  bottomBar: Box | null
  viewport: { width: number; height: number }
}

/**
 * Where the notice `text` was drawn, measured the moment it appears: a copy notice lasts a second,
 * less than a busy machine may take between two Playwright calls.
 */
export function whenNoticeShows(page: Page, text: string): Promise<Seen> {
  return page.evaluate(
    (wanted) =>
      new Promise<Seen>((resolve) => {
        const rect = (element: Element): Box => {
          const { x, y, width, height } = element.getBoundingClientRect()
          return { x, y, width, height }
        }
        const look = () => {
          const toast = [...document.querySelectorAll('.toast')].find((element) =>
            element.textContent?.includes(wanted),
          )
          if (!toast) return false
          // Where it comes to rest: without its short slide-in.
          ;(toast as HTMLElement).style.animation = 'none'
          const dialog = toast.closest('dialog')
          const bar = document.querySelector('nav[aria-label="Quick navigation"]')
          resolve({
            toast: rect(toast),
            inDialog: dialog !== null,
            dialog: dialog ? rect(dialog.querySelector('.dialog__inner') ?? dialog) : null,
            dialogButtons: dialog
              ? [...dialog.querySelectorAll('.dialog__footer button')].map(rect)
              : [],
            content: rect(document.querySelector('main') ?? document.body),
            bottomBar: bar ? rect(bar) : null,
            viewport: { width: innerWidth, height: innerHeight },
          })
          return true
        }
        if (look()) return
        const observer = new MutationObserver(() => {
          if (look()) observer.disconnect()
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
      }),
    text,
  )
}
