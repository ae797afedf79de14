import { type } from 'arktype'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/errors'
import { EmailAddress } from '@/api/schema/common'
import { lazySchema, useForm, type SchemaSource } from '@/lib/use-form'

afterEach(cleanup)

const Schema = type({ emailAddress: EmailAddress, reference: 'string >= 8' })
type Out = typeof Schema.infer

function TestForm({
  schema = Schema,
  onSubmit,
}: {
  schema?: SchemaSource<Out>
  onSubmit: (data: Out) => unknown
}) {
  const form = useForm({
    initial: { emailAddress: '', reference: '' },
    schema,
    toInput: (values) => ({
      emailAddress: values.emailAddress.trim(),
      reference: values.reference,
    }),
    messages: {
      emailAddress: { required: 'Email is required', invalid: 'Enter a valid email address' },
      reference: { required: 'Reference is required', invalid: 'At least 8 characters' },
    },
    onSubmit,
  })
  const input = (label: string, name: 'emailAddress' | 'reference') => {
    const { error, ...field } = form.field(name)
    return (
      <>
        <input aria-label={label} {...field} />
        {error && <span>{error}</span>}
      </>
    )
  }
  // Plain elements: lib may not import ui (the screens use TextField and WriteFailure).
  return (
    <form noValidate onSubmit={form.onSubmit}>
      {form.summary && (
        <div role="alert">
          <p className="alert__body">{form.summary.message}</p>
          {form.summary.details.map((detail) => (
            <p key={detail}>{detail}</p>
          ))}
          <button type="button" onClick={form.dismissSummary}>
            Dismiss
          </button>
        </div>
      )}
      {input('Email', 'emailAddress')}
      {input('Reference', 'reference')}
      <button type="submit" disabled={form.pending}>
        Send
      </button>
    </form>
  )
}

const email = () => screen.getByRole('textbox', { name: 'Email' })
const reference = () => screen.getByRole('textbox', { name: 'Reference' })
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send' }))

describe('useForm', () => {
  it('shows no message before a submit, then the documented texts live, and focuses the first field', () => {
    const onSubmit = vi.fn()
    render(<TestForm onSubmit={onSubmit} />)
    fireEvent.change(reference(), { target: { value: 'short' } })
    expect(screen.queryByText('At least 8 characters')).toBeNull()
    send()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Email is required')).toBeTruthy()
    expect(screen.getByText('At least 8 characters')).toBeTruthy()
    expect(document.activeElement).toBe(email())
    fireEvent.change(email(), { target: { value: 'nope' } })
    expect(screen.getByText('Enter a valid email address')).toBeTruthy()
    fireEvent.change(email(), { target: { value: ' rider@example.com ' } })
    fireEvent.change(reference(), { target: { value: 'JOB-12345' } })
    expect(screen.queryByText('Enter a valid email address')).toBeNull()
    send()
    // The schema's output (trimmed), then the values as typed.
    expect(onSubmit).toHaveBeenCalledWith(
      { emailAddress: 'rider@example.com', reference: 'JOB-12345' },
      { emailAddress: ' rider@example.com ', reference: 'JOB-12345' },
    )
  })

  it("maps the server's field errors onto fields, sums up the rest, and clears a field's on change", async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'invalid_request',
        message: 'Job number (Reference) is required',
        fieldErrors: {
          reference: ['Job number (Reference) must be at least 8 characters'],
          customerName: ['Customer name is required'],
        },
      }),
    )
    render(<TestForm onSubmit={onSubmit} />)
    fireEvent.change(email(), { target: { value: 'rider@example.com' } })
    fireEvent.change(reference(), { target: { value: 'JOB-12345' } })
    send()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Job number (Reference) is required')
    expect(alert.textContent).toContain('Customer name is required')
    expect(screen.getByText('Job number (Reference) must be at least 8 characters')).toBeTruthy()
    fireEvent.change(reference(), { target: { value: 'JOB-123456' } })
    expect(screen.queryByText('Job number (Reference) must be at least 8 characters')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('gives the documented fallback text when the request never got an answer', async () => {
    render(<TestForm onSubmit={() => Promise.reject(new TypeError('boom'))} />)
    fireEvent.change(email(), { target: { value: 'rider@example.com' } })
    fireEvent.change(reference(), { target: { value: 'JOB-12345' } })
    send()
    const alert = await screen.findByRole('alert')
    expect(alert.querySelector('.alert__body')?.textContent).toBe('Error - request not sent.')
  })

  it('loads a lazy schema on the first keystroke or submit, then checks', async () => {
    const load = vi.fn(() => Promise.resolve(Schema))
    const onSubmit = vi.fn()
    render(<TestForm schema={lazySchema(load)} onSubmit={onSubmit} />)
    expect(load).not.toHaveBeenCalled()
    send()
    expect(await screen.findByText('Email is required')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
    fireEvent.change(email(), { target: { value: 'rider@example.com' } })
    fireEvent.change(reference(), { target: { value: 'JOB-12345' } })
    send()
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
    expect(load).toHaveBeenCalledTimes(1)
  })
})
