/** Dates per language (issue 33 item 1): English keeps the screen's own format; Sinhala and Tamil use their locale's. */
import { describe, expect, it } from 'vitest';
import { formatDay } from './dates';

const day = new Date('2026-11-29T20:00:00Z'); // 30 November in Colombo (UTC+5:30)
const iso = (d: Date) => d.toISOString().slice(0, 10);

describe('formatDay', () => {
  it('keeps the English format', () => expect(formatDay(day, 'en', iso)).toBe('2026-11-29'));
  it("writes Sinhala and Tamil days with their locale, on Colombo's calendar", () => {
    for (const language of ['si', 'ta'] as const) {
      const shown = formatDay(day, language, iso);
      expect(shown).toBe(new Intl.DateTimeFormat(`${language}-LK`, { dateStyle: 'medium', timeZone: 'Asia/Colombo' }).format(day));
      expect(shown).toContain('30');
      expect(shown).not.toBe(formatDay(day, 'en', iso));
    }
  });
});
