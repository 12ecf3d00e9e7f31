/**
 * The web app's languages (issue 33 item 1): the contracts' English, Sinhala and Tamil
 * (packages/contracts/src/languages.ts), restated here without zod. The contracts' module builds its
 * `LanguageSchema` when loaded, which would bring zod into the first script of every page
 * (src/firstPageWithoutZod.test.ts); i18n.test.ts keeps these equal to the contracts' values.
 */
import type { Language } from '@market/contracts';

export type { Language };

/** The languages in the order the switch shows them. */
export const LANGUAGES = ['en', 'si', 'ta'] as const satisfies readonly Language[];

/** The language of a page nobody chose one for. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name written in itself (the switch's options). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

/** The Intl locale for dates and numbers per language (Sri Lanka's variant of each). */
export const LOCALES: Record<Language, string> = { en: 'en-LK', si: 'si-LK', ta: 'ta-LK' };

/** The cookie a guest's choice is kept in (read by the web server, server/webServer.ts, for the server render). */
export const LANG_COOKIE = 'lang';

/** Whether `value` is one of {@link LANGUAGES}. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

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
