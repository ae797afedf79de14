import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Auth } from '@/session/auth'
import { newQueueableVariables, queueableKey } from '@/offline/queueable'
import { useLogout } from '@/session/use-logout'
import { renderWithRouter } from '@/test/render-with-router'

afterEach(() => {
  cleanup()
  onlineManager.setOnline(true)
})

function LogoutButton() {
  const { requestLogout, dialog } = useLogout()
  return (
    <>
      <button type="button" onClick={requestLogout}>
        Log out
      </button>
      {dialog}
    </>
  )
}

const LABEL = newQueueableVariables({
  what: 'Receipt by SMS',
  forWhom: '+447700900123',
  submerchantId: 'sub_demo_city_cabs',
})

describe('useLogout', () => {
  it('logs out at once when nothing is queued', async () => {
    const logout = vi.fn<Auth['logout']>().mockResolvedValue()
    await renderWithRouter(<LogoutButton />, { logout })
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }))
    expect(logout).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('asks to send or discard queued actions first', async () => {
    const logout = vi.fn<Auth['logout']>().mockResolvedValue()
    const { queryClient } = await renderWithRouter(<LogoutButton />, { logout })
    // An action made offline waits, paused, in the mutation cache.
    onlineManager.setOnline(false)
    const sent = vi.fn(() => Promise.resolve('ok'))
    void queryClient
      .getMutationCache()
      .build(queryClient, {
        mutationKey: queueableKey('test', 'send'),
        mutationFn: sent,
        networkMode: 'online',
      })
      .execute(LABEL)
      .catch(() => undefined)
    await waitFor(() =>
      expect(queryClient.getMutationCache().getAll()[0]?.state.isPaused).toBe(true),
    )

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send queued actions?' })
    expect(dialog.textContent).toContain('1 action is waiting to be sent')
    expect(logout).not.toHaveBeenCalled()
    // Sending needs a connection.
    expect(screen.getByRole('button', { name: 'Send and log out' }).hasAttribute('disabled')).toBe(
      true,
    )

    onlineManager.setOnline(true)
    fireEvent.click(await screen.findByRole('button', { name: 'Send and log out' }))
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1))
    expect(sent).toHaveBeenCalled()
  })

  it('counts a failed action too, and sends it again with the same key', async () => {
    const logout = vi.fn<Auth['logout']>().mockResolvedValue()
    const { queryClient } = await renderWithRouter(<LogoutButton />, { logout })
    const keys: string[] = []
    let attempts = 0
    queryClient.setMutationDefaults(queueableKey('test', 'flaky'), {
      mutationFn: (variables: typeof LABEL) => {
        keys.push(variables.idempotencyKey)
        attempts += 1
        return attempts === 1 ? Promise.reject(new Error('lost')) : Promise.resolve('ok')
      },
    })
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: queueableKey('test', 'flaky') })
      .execute(LABEL)
      .catch(() => undefined)

    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send queued actions?' })
    expect(dialog.textContent).toContain('1 action is waiting to be sent')
    fireEvent.click(await screen.findByRole('button', { name: 'Send and log out' }))
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1))
    expect(keys).toEqual([LABEL.idempotencyKey, LABEL.idempotencyKey])
  })
})
