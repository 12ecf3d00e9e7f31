/**
 * Form helpers: validation from the same zod schemas the services use (docs/architecture.md, Validation),
 * and server field errors (`{ error, fields }`) put back on the form's inputs.
 */
import type { UseFormReturnType } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ApiError } from '../api/client';

/**
 * Puts an ApiError's field messages on the form.
 * @returns the overall message to show above the form, or null when every message went to a field
 */
export function applyServerErrors<V>(form: UseFormReturnType<V>, err: unknown): string | null {
  if (!(err instanceof ApiError)) return 'Error has been occured! Please try again!';
  const fields = Object.entries(err.fields);
  for (const [field, message] of fields) form.setFieldError(field, message);
  return fields.length > 0 && fields.every(([f]) => f in (form.getValues() as object)) ? null : err.message;
}

/**
 * Form validation from a shared zod schema, showing each field's FIRST failing rule (the order
 * the documents check in: "is required" before the format rules).
 */
export function schemaValidator(schema: Parameters<typeof zod4Resolver>[0]) {
  return zod4Resolver(schema, { errorPriority: 'first' });
}
