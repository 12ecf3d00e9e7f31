/**
 * Server messages and form messages in the page's language (issue 33 item 2). Error answers carry a
 * stable `code` beside the English `error` text (and `params` for a template's values). A text that
 * came without one (an older service, the forms' own zod messages, which are the contracts' English
 * texts) is looked up by the contracts' `describeMessage` (packages/contracts/src/messages.ts,
 * from the zod-free `@market/contracts/rules`): exactly, as zod's generic wording, or as one of
 * its `{{name}}` templates. The text is shown as
 * `errors:<code>` of the catalogues (frontend/src/i18n/locales/<lang>/errors.json), else as it came.
 */
import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { describeMessage } from '@market/contracts/rules';
import { i18n as browserI18n } from './index';

/** What an error may carry beside its text (an ApiError built from an answer with `code`, or a plain Error). */
type Coded = { message?: unknown; code?: unknown; params?: unknown };

/**
 * The text to show for `error` (an Error, an answer's error text, or anything else) in `instance`'s language.
 * @returns the catalogue's text of its code when there is one, else the English text itself
 */
export function serverMessage(error: unknown, instance: I18n = browserI18n): string {
  const text = typeof error === 'string' ? error : error && typeof error === 'object' ? String((error as Coded).message ?? '') : '';
  const given = error && typeof error === 'object' ? (error as Coded) : {};
  const described =
    typeof given.code === 'string'
      ? { code: given.code, params: given.params as Record<string, string> | undefined }
      : describeMessage(text);
  if (!described || !instance.exists(`errors:${described.code}`)) return text;
  // Values the text was built with (an item's name, a limit), from the answer or read back from the English text.
  const params = { ...(described.params ?? (text ? describeMessage(text)?.params : undefined)) };
  return instance.t(`errors:${described.code}`, params);
}

/** {@link serverMessage} in the language of the component's i18next instance (re-rendered on a switch). */
export function useServerMessage(): (error: unknown) => string {
  const { i18n } = useTranslation();
  return useCallback((error: unknown) => serverMessage(error, i18n), [i18n]);
}

/**
 * A form field's props from Mantine's `form.getInputProps` with its error message shown in the
 * page's language (the forms' messages are the contracts' English texts).
 */
export function useFieldProps<Form extends { getInputProps: (path: never, options?: never) => { error?: unknown } }>(
  form: Form,
): Form['getInputProps'] {
  const message = useServerMessage();
  return ((path: never, options?: never) => {
    const props = form.getInputProps(path, options);
    return typeof props.error === 'string' ? { ...props, error: message(props.error) } : props;
  }) as Form['getInputProps'];
}
