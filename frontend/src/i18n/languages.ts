/**
 * The web app's languages (issue 33 item 1): the contracts' English, Sinhala and Tamil, from their
 * zod-free entry (`@market/contracts/rules`, so the first script of a page stays without zod,
 * src/firstPageWithoutZod.test.ts), with what only the web app needs: Intl locales and the cookie.
 */
import { isLanguage, type Language } from '@market/contracts/rules';

export { DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@market/contracts/rules';

/** The Intl locale for dates and numbers per language (Sri Lanka's variant of each). */
export const LOCALES: Record<Language, string> = { en: 'en-LK', si: 'si-LK', ta: 'ta-LK' };

/** The cookie a guest's choice is kept in (read by the web server, server/webServer.ts, for the server render). */
export const LANG_COOKIE = 'lang';

/**
 * The language named by a `Cookie` header's `lang` cookie (RFC 6265 `name=value; …`).
 * @returns undefined when absent or not a language of {@link LANGUAGES}
 */
export function languageOfCookie(header: string | undefined | null): Language | undefined {
  const value = header
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANG_COOKIE)?.[1];
  return isLanguage(value) ? value : undefined;
}
