/**
 * The languages of the marketplace (issue 33): English, Sinhala and Tamil, by their BCP 47 tags.
 *
 * English is the default for guests and for accounts that never chose; it is also the language of
 * the specification's own messages, which stay word for word (issue 33 item 2). Without zod (also
 * in `@market/contracts/rules`, for the web app's first script); the schema is language-schema.ts.
 */
/** Every language a screen, an e-mail or a PDF report can be in, in the order the switch shows them. */
export const LANGUAGES = ['en', 'si', 'ta'] as const;

/** `en` (English), `si` (සිංහල, Sinhala) or `ta` (தமிழ், Tamil). */
export type Language = (typeof LANGUAGES)[number];

/** The language used when none was chosen. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name written in itself, as the language switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

/** Whether `value` is one of {@link LANGUAGES} (for cookies, headers and stored values read loosely). */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
