/**
 * Month and year of a monthly report (spec 001 section 7 month selector): the
 * months January..December and a year selector, so last December is reachable in January. Years
 * offered: this year and the {@link YEARS_BACK} before it (the server accepts 2000..2100). Both
 * default to the current month.
 */
import { currentLanguage, LOCALES } from '../i18n';
import { useTranslation } from 'react-i18next';
import { Group, Select } from '@mantine/core';
import { MONTH_NAMES } from '@market/contracts';
import { useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** How many past years the selector offers besides the current one. */
export const YEARS_BACK = 5;

/** `01`..`12` with the month names. */
export const MONTH_OPTIONS = MONTH_NAMES.map((name, i) => ({ value: pad(i + 1), label: name }));

/** This year first, then the {@link YEARS_BACK} before it, as Select options. */
export const yearOptions = (now = new Date()) =>
  Array.from({ length: YEARS_BACK + 1 }, (_, i) => String(now.getFullYear() - i)).map((y) => ({ value: y, label: y }));

export interface Period {
  /** `01`..`12`. */
  month: string;
  year: number;
}

/** The chosen period, starting at the current month. */
export function usePeriod(now = new Date()) {
  return useState<Period>({ month: pad(now.getMonth() + 1), year: now.getFullYear() });
}

/** The two selectors, labelled Month and Year. */
export function ReportPeriod({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const { t, i18n } = useTranslation('seller');
  const language = currentLanguage(i18n);
  // Sinhala and Tamil month names from Intl for their locale; English keeps the documents' names.
  const months =
    language === 'en'
      ? MONTH_OPTIONS
      : MONTH_OPTIONS.map((m, i) => ({
          ...m,
          label: new Intl.DateTimeFormat(LOCALES[language], { month: 'long' }).format(new Date(2026, i, 15)),
        }));
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label={t('period.month')}
        data={months}
        value={value.month}
        onChange={(v) => v && onChange({ ...value, month: v })}
        allowDeselect={false}
        w={160}
      />
      <Select
        label={t('period.year')}
        data={yearOptions()}
        value={String(value.year)}
        onChange={(v) => v && onChange({ ...value, year: Number(v) })}
        allowDeselect={false}
        w={110}
      />
    </Group>
  );
}
