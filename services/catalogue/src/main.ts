/**
 * Catalogue service process: wiring only (issue 4). So far it serves the image store; items,
 * packages, ratings and stock land with the rest of the catalogue slice.
 */
import '@market/platform/telemetry';
import { runService } from '@market/platform';
import { CatalogueConfigSchema } from './config';
import { imageRoutes } from './http/images';
import { directoryImageStore } from './store/imageStore';

void runService({
  configSchema: CatalogueConfigSchema,
  dbName: 'catalogue',
  async setup({ config, app }) {
    app.use(imageRoutes(directoryImageStore(config.IMAGE_DIR)));
  },
});
