/**
 * The submit of a form that sends to the server: `busy` while it runs, and the failure of the
 * last try, with the server's field messages put on the form's inputs (`applyServerErrors`) and
 * the rest as `failure`, the message to show above the form (cleared when a new try starts).
 */
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { applyServerErrors } from './forms';

export function useFormSubmit<V>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<void>,
  options: {
    /** The message when every field message went to its field (default: none). */
    fallback?: string;
    /**
     * The message above the form when its own checks refuse a submit (default: none; the fields
     * show their messages): the add-item form's 'Please Enter Valid Details!' (spec 001 section 6).
     */
    invalid?: string;
    /** Told of each failure, after the fields got their messages. */
    onError?: (err: unknown) => void;
  } = {},
) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.onSubmit(
    async (values) => {
      setBusy(true);
      setFailure(null);
      try {
        await send(values);
      } catch (err) {
        options.onError?.(err);
        setFailure(applyServerErrors(form, err) ?? options.fallback ?? null);
      } finally {
        setBusy(false);
      }
    },
    () => setFailure(options.invalid ?? null),
  );
  return { submit, busy, failure };
}
