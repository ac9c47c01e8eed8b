import { z } from 'zod';
import { LANGUAGES } from './constants.ts';
import { BRANDS } from './brands.ts';

/** Public start-up configuration the client loads before anything else (spec 01 §4). */
export const appConfigSchema = z.object({
  version: z.string(),
  brand: z.enum(BRANDS),
  languages: z.array(z.enum(LANGUAGES)),
  defaultLanguage: z.enum(LANGUAGES),
  webClientId: z.string(),
  webClientSecret: z.string(),
  mapTileUrl: z.string(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
