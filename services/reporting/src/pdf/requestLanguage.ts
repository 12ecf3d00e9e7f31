/**
 * The language a report is requested in (issue 33 item 3): the web app's `lang` cookie, which
 * holds the signed-in account's choice (`PUT /Account/language`, applied on sign-in) or the
 * language on screen; English without one.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@market/contracts';
import type { Request } from 'express';

/** The name of the web app's language cookie (frontend/src/i18n/languages.ts LANG_COOKIE). */
export const LANG_COOKIE = 'lang';

/** The request's `lang` cookie when it names a language of the marketplace, else `en`. */
export function languageOfRequest(req: Pick<Request, 'headers'>): Language {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && isLanguage(value)) return value;
  }
  return DEFAULT_LANGUAGE;
}
