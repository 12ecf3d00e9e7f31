/** Catalogue configuration: the platform's base variables plus where images are stored. */
import { BaseConfigSchema } from '@market/platform';
import path from 'node:path';
import { z } from 'zod';

export const CatalogueConfigSchema = BaseConfigSchema.extend({
  SERVICE_NAME: z.string().default('catalogue'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8072),
  /** Directory of the image store (a shared volume when several replicas run). */
  IMAGE_DIR: z.string().default(path.resolve(__dirname, '..', '..', '..', '.data', 'images')),
});

export type CatalogueConfig = z.infer<typeof CatalogueConfigSchema>;
