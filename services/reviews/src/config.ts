/** Reviews configuration: the platform's base variables, with the service's name and port (8075). */
import { BaseConfigSchema } from '@market/platform';
import { z } from 'zod';

/** Environment of the reviews service (validated at start; a bad value exits with code 78). */
export const ReviewsConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('reviews'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8075),
});

export type ReviewsConfig = z.infer<typeof ReviewsConfigSchema>;
