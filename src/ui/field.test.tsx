import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Field, TextField } from '@/ui/field'

// Vitest globals are off, so Testing Library cannot clean up by itself.
afterEach(cleanup)

describe('Field', () => {
  it('names the control by its label and describes it with hint and error', () => {
    render(
      <TextField label="Email" hint="We never share it" error="Email is required" name="email" />,
    )
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveProperty('name', 'email')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? []
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent)
    expect(texts).toEqual(['We never share it', 'Email is required'])
  })

  it('leaves the control valid and undescribed without hint or error', () => {
    render(<TextField label="First name" optional />)
    const input = screen.getByRole('textbox', { name: 'First name (optional)' })
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
  })

  it('wires any control through the render prop', () => {
    render(
      <Field label="Method" error="Pick one" required>
        {(control) => (
          <select {...control}>
            <option>POS</option>
          </select>
        )}
      </Field>,
    )
    const select = screen.getByRole('combobox', { name: 'Method' })
    expect(select.hasAttribute('required')).toBe(true)
    const errorId = select.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(errorId)?.textContent).toBe('Pick one')
  })

  it('gives each field a distinct id', () => {
    render(
      <>
        <TextField label="A" />
        <TextField label="B" />
      </>,
    )
    const a = screen.getByRole('textbox', { name: 'A' })
    const b = screen.getByRole('textbox', { name: 'B' })
    expect(a.id).not.toBe(b.id)
  })
})
