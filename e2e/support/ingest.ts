import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

// The browser tests run the demo without its simulator (SIMULATOR=off in playwright.config.ts): nothing arrives by
// itself, and a spec that needs live data sends exactly that through the ingest API, as a module would (docs/ingest.md).

/** A demo module's security code: the first 8 hex digits of SHA-256 of its serial, upper case (server/src/demo/demo-data.ts). */
export async function moduleCode(serial: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(serial));
  return Buffer.from(digest).toString('hex').slice(0, 8).toUpperCase();
}

/** An ingest timestamp for now, in whole seconds (the format docs/ingest.md shows). */
export function ingestTime(at = Date.now()): string {
  return new Date(at).toISOString().replace(/\.\d+Z$/, 'Z');
}

export interface IngestBody {
  readings?: { p: number; t: string | number; v: number }[];
  positions?: { t: string | number; lat: number; lon: number; acc?: number }[];
  events?: { t: string | number; type: string; rfid?: string }[];
}

/** Sends `body` as the module `serial` does (POST /api/ingest with HTTP Basic); answers the server's counts. */
export async function ingest(
  request: APIRequestContext,
  serial: string,
  body: IngestBody,
): Promise<{ readings: number; duplicates: number; unassigned: number; positions: number; events: number }> {
  const code = await moduleCode(serial);
  const answer = await request.post('/api/ingest', { headers: { authorization: `Basic ${Buffer.from(`${serial}:${code}`).toString('base64')}` }, data: body });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as { readings: number; duplicates: number; unassigned: number; positions: number; events: number };
}
