/**
 * Dates in the page's language (issue 33 item 1): Sinhala and Tamil pages show a day as
 * Intl.DateTimeFormat writes it for si-LK and ta-LK (Sri Lanka's time, Asia/Colombo); English pages
 * keep the format each screen had (the documents' and the e2e tests' wording), given as `english`.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LOCALES, type Language } from './index';

/**
 * The day of `date` for `language`.
 * @param english - how the English page writes it
 * @returns `english(date)` in English; otherwise the locale's medium date, e.g. "2026 නොවැ 29"
 */
export function formatDay(date: Date, language: Language, english: (date: Date) => string): string {
  if (language === 'en' || Number.isNaN(date.getTime())) return english(date);
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'medium', timeZone: 'Asia/Colombo' }).format(date);
}

/** {@link formatDay} in the component's language. */
export function useFormatDay(): (date: Date | string, english: (date: Date) => string) => string {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  return useCallback(
    (date: Date | string, english: (date: Date) => string) =>
      formatDay(typeof date === 'string' ? new Date(date) : date, language, english),
    [language],
  );
}
