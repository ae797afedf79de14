// docs/errors.md#loading-a-screen load failures, each shown with a retry.
export const LOAD_MESSAGES = {
  user: 'Failed to load user',
  submerchants: 'Failed to load submerchants',
  submerchantUser: 'Failed to load submerchant user',
  submerchant: 'Failed to load submerchant',
} as const

// A load failure with the text (docs/errors.md#loading-a-screen); the underlying ApiError stays as its cause.
export class LoadError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause })
    this.name = 'LoadError'
  }
}

export async function withLoadMessage<T>(message: string, load: Promise<T>): Promise<T> {
  try {
    return await load
  } catch (cause) {
    throw new LoadError(message, cause)
  }
}
