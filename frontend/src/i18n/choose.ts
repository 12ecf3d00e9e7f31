/**
 * Choosing the language (issue 33 item 1): the page switches at once and `<html lang>` follows; a
 * guest's choice is kept in the `lang` cookie (read by the web server for the server render: path
 * /, one year, SameSite=Lax) and in localStorage; a signed-in account's is saved with
 * `PUT /Account/language`, and the account's language becomes the page's on sign-in
 * ({@link useAccountLanguage}).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useEffect, useRef } from 'react';
import { ApiError } from '../api/client';
import { identityApi, type Kind } from '../api/identity';
import { meQuery } from '../session/session';
import { currentLanguage, i18n, isLanguage, LANG_COOKIE, type Language } from './index';

/** A year, in seconds: how long the `lang` cookie lasts. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The bundled font of each script other than Latin (main.tsx imports their 400 and 700 faces). */
const SCRIPT_FONTS: Partial<Record<Language, [family: string, sample: string]>> = {
  si: ['Noto Sans Sinhala', 'අ'],
  ta: ['Noto Sans Tamil', 'அ'],
};

/**
 * Loads `language`'s font faces (regular and bold) before its texts are drawn: Chromium drew some
 * bold Sinhala and Tamil texts laid out while their face was still loading as empty boxes, and kept
 * them so (e2e screenshots).
 * @returns once loaded, or at once where there is nothing to load (or no font loading API)
 */
export async function loadLanguageFonts(language: Language): Promise<void> {
  const font = SCRIPT_FONTS[language];
  if (!font || typeof document === 'undefined' || !document.fonts?.load) return;
  await Promise.all(['400', '700'].map((weight) => document.fonts.load(`${weight} 16px "${font[0]}"`, font[1]).catch(() => undefined)));
}

/** Shows the app in `language`, sets `<html lang>` and keeps the choice in the cookie and localStorage. */
export function applyLanguage(language: Language, instance: I18n = i18n): void {
  if (currentLanguage(instance) !== language) void loadLanguageFonts(language).then(() => instance.changeLanguage(language));
  document.documentElement.lang = language;
  document.cookie = `${LANG_COOKIE}=${language}; path=/; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
  try {
    localStorage.setItem(LANG_COOKIE, language);
  } catch {
    // Storage refused: the cookie still holds it.
  }
}

/**
 * Saves `language` as the signed-in account's (`PUT /Account/language` with the version of the
 * cached `GET …/me`). On 409 the account is read again and the choice saved once more on the new
 * version: the person's explicit choice is the intent. A 404 (identity without the operation yet)
 * keeps the cookie's choice only.
 * @returns whether the account now holds it
 * @throws the call's error on any other failure
 */
export async function saveAccountLanguage(client: QueryClient, kind: Kind, language: Language): Promise<boolean> {
  const { queryKey } = meQuery(kind);
  for (let attempt = 0; attempt < 2; attempt++) {
    const me = client.getQueryData<{ version?: number; language?: string } | null>(queryKey);
    if (!me?.version) return false;
    try {
      const saved = await identityApi.setAccountLanguage(language, me.version);
      client.setQueryData(queryKey, { ...me, language: saved.language, version: saved.version });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return false;
      if (!(err instanceof ApiError && err.status === 409) || attempt > 0) throw err;
      await client.fetchQuery({ ...meQuery(kind), staleTime: 0 });
    }
  }
  return false;
}

/**
 * On sign-in (a new account id), the account's language becomes the page's (kept in the cookie
 * too, so the next server render matches); an account that never chose has `en` (identity's default).
 */
export function useAccountLanguage(profile: { _id: string; language?: string } | undefined): void {
  const applied = useRef<string | undefined>(undefined);
  useEffect(() => {
    // No language in the answer: an identity service from before issue 33; the cookie's choice stays.
    if (!profile || applied.current === profile._id || !isLanguage(profile.language)) return;
    applied.current = profile._id;
    applyLanguage(profile.language);
  }, [profile]);
}
