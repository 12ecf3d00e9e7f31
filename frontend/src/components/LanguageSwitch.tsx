/**
 * The language switch (issue 33 item 1): English / සිංහල / தமிழ் as a native select (keyboard and
 * screen readers for free, narrow enough for a 390 px header, and no floating layer in the first
 * script), named "Language" in the page's language. A guest's choice goes to the cookie and
 * localStorage; a signed-in account's is saved too (i18n/choose.ts).
 */
import { NativeSelect } from '@mantine/core';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { Kind } from '../api/identity';
import { applyLanguage, saveAccountLanguage } from '../i18n/choose';
import { currentLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../i18n';

export function LanguageSwitch({ account, size = 'sm' }: { account?: Kind; size?: 'xs' | 'sm' }) {
  const { t, i18n } = useTranslation();
  // The public pages' frame may have no query client; only an account's choice needs one.
  const client = useContext(QueryClientContext);
  const choose = (value: string) => {
    if (!isLanguage(value)) return;
    applyLanguage(value, i18n);
    // The page already shows the choice and the cookie keeps it; an account that cannot save it now
    // (offline, the service down) gets it on the next switch.
    if (account && client) void saveAccountLanguage(client, account, value).catch(() => undefined);
  };
  return (
    <NativeSelect
      aria-label={t('language')}
      size={size}
      value={currentLanguage(i18n)}
      onChange={(event) => choose(event.currentTarget.value)}
      data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      w={size === 'xs' ? 96 : 110}
      data-testid="language-switch"
    />
  );
}
