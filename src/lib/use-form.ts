import * as checks from '@/lib/form-check'
import { isLazySchema, useFormWith, type Form, type FormOptions } from '@/lib/form-hook'

export {
  checkForm,
  defaultSummary,
  firstFieldMessages,
  formFailure,
  serverFieldErrors,
} from '@/lib/form-check'
export type {
  FailureOptions,
  FieldErrors,
  FieldMessages,
  FormCheck,
  FormRules,
  FormSchema,
  FormSummary,
} from '@/lib/form-check'
export { lazyForm, lazySchema, useLazyForm } from '@/lib/form-hook'
export type { Form, FormOptions, FormSpec, LazySchema, SchemaSource } from '@/lib/form-hook'

/**
 * One form hook for every form: the arktype schema shared with the server checks the values on
 * submit, its issues become the field messages (docs/validation.md), a failed request's ApiError
 * becomes field messages plus the summary (docs/errors.md). The checks are in memory with this
 * module, so a submit is checked within its event; a form on a page whose first paint must not
 * carry them (login) uses useLazyForm (lib/form-hook.ts) instead.
 */
export function useForm<V extends object, Out>(options: FormOptions<V, Out>): Form<V> {
  const { schema } = options
  return useFormWith(options, {
    loaded: () => {
      const loaded = isLazySchema(schema) ? schema.loaded() : schema
      return loaded && { schema: loaded, checks }
    },
    load: async () => ({ schema: isLazySchema(schema) ? await schema.load() : schema, checks }),
  })
}
