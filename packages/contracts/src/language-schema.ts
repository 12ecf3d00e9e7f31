/** The schema of a language tag in requests, answers and events (issue 33; languages.ts). */
import { z } from 'zod';
import { LANGUAGES } from './languages';

/** A language tag the marketplace offers: `en`, `si` or `ta`. */
export const LanguageSchema = z.enum(LANGUAGES, { error: 'Choose English, Sinhala or Tamil' });
