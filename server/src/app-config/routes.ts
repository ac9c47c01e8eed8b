import { appConfigSchema, BUILD_VERSION, DEFAULT_LANGUAGE, LANGUAGES } from '@gearwatch/contracts';
import type { Config } from '../config.ts';
import type { App } from '../http/types.ts';

/** Public start-up configuration: the first thing the client loads. */
export function appConfigRoutes(app: App, config: Config): void {
  const body = {
    version: BUILD_VERSION,
    brand: config.BRAND,
    languages: [...LANGUAGES],
    defaultLanguage: DEFAULT_LANGUAGE,
    webClientId: config.WEB_CLIENT_ID,
    webClientSecret: config.WEB_CLIENT_SECRET,
    mapTileUrl: config.MAP_TILE_URL,
  };
  app.get(
    '/api/config',
    { config: { public: true }, schema: { tags: ['app'], summary: 'Client start-up configuration', response: { 200: appConfigSchema } } },
    async () => body,
  );
}
