/**
 * The web app's translations (issue 33 item 1) with i18next and react-i18next: namespaced JSON
 * catalogues per language under ./locales/{en,si,ta}/<namespace>.json, bundled with the app (no
 * loading over HTTP: a server-rendered page hydrates in the language it was rendered in), plural
 * forms by i18next's `_one`/`_other` keys (CLDR rules through Intl.PluralRules).
 *
 * The browser has one instance ({@link i18n}, registered with react-i18next), started in the
 * language the page was served in ({@link initialLanguage}); the server renders each request with an
 * instance of its own ({@link createI18n}, src/entry-server.tsx), given through `<I18nextProvider>`.
 * English catalogues hold the app's texts word for word (the specification's wording; the e2e tests
 * read them).
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANG_COOKIE, LANGUAGES, languageOfCookie, type Language } from './languages';

export * from './languages';

type Catalogue = Record<string, unknown>;

// Every catalogue of every language, in the bundle (Vite's glob import; errors.json included).
const files = import.meta.glob<Catalogue>('./locales/*/*.json', { eager: true, import: 'default' });

/** The catalogues as i18next takes them: language → namespace → keys. */
export const resources: Record<Language, Record<string, Catalogue>> = { en: {}, si: {}, ta: {} };
for (const [file, catalogue] of Object.entries(files)) {
  const [, language, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (isLanguage(language) && namespace) resources[language][namespace] = catalogue;
}

/** The namespaces (one JSON file each per language). */
export const NAMESPACES = Object.keys(resources.en);

/**
 * A ready i18next instance in `language` (synchronous: the catalogues are in the bundle).
 * @param opts.global - registers it as react-i18next's default (the browser's single instance)
 */
export function createI18n(language: Language, opts: { global?: boolean } = {}): I18n {
  const instance = i18next.createInstance();
  if (opts.global) instance.use(initReactI18next);
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnEmptyString: false,
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The language the browser starts in: a server-rendered page's `<html lang>` (the page must
 * hydrate as rendered); otherwise the `lang` cookie, then the choice kept in localStorage, then
 * `<html lang>`, then English.
 */
export function initialLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const documentLanguage = document.documentElement.lang;
  if (document.getElementById('ssr-data') && isLanguage(documentLanguage)) return documentLanguage;
  const cookie = languageOfCookie(document.cookie);
  if (cookie) return cookie;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANG_COOKIE);
  } catch {
    // Storage refused (privacy settings): the cookie or the document decide.
  }
  if (isLanguage(stored)) return stored;
  return isLanguage(documentLanguage) ? documentLanguage : DEFAULT_LANGUAGE;
}

/** The browser's instance (on the server: an English one nothing renders with; each request has its own). */
export const i18n = createI18n(initialLanguage(), { global: true });
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** The language `instance` (default: the browser's) shows now. */
export const currentLanguage = (instance: I18n = i18n): Language => (isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE);
