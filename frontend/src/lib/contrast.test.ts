/** The theme's colours pass WCAG AA contrast. */
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { colors } from '../theme';
import { PAGE_BACKGROUND, accessibleShades, contrastRatio, luminance, over } from './contrast';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's default blue.6 under white text and its dimmed grey: both below 4.5.
    expect(contrastRatio('#228be6', '#ffffff')).toBeCloseTo(3.55, 1);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 1);
  });

  it('darkens shades 6-9 of every palette until they pass as text and under white text, keeping 0-5 and the order', () => {
    for (const [name, shades] of Object.entries(colors)) {
      expect(shades.slice(0, 6), name).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 6));
      for (let i = 6; i < 10; i++) {
        const c = shades[i]!;
        expect(contrastRatio(c, '#ffffff'), `${name}.${i} under white`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c, PAGE_BACKGROUND), `${name}.${i} on the page`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(c, over(c, 0.12, PAGE_BACKGROUND)), `${name}.${i} on its light background`).toBeGreaterThanOrEqual(4.5);
        if (i > 6) expect(luminance(c), `${name}.${i} no lighter than ${i - 1}`).toBeLessThanOrEqual(luminance(shades[i - 1]!));
      }
    }
    expect(Object.keys(colors)).toEqual(expect.arrayContaining(['blue', 'gray', 'red', 'green', 'orange']));
  });

  it('keeps shades that already pass', () => {
    const dark = ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#343a40', '#212529', '#16191d', '#0b0d0e'];
    expect(accessibleShades(dark)).toEqual(dark);
  });
});
