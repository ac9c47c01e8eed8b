import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_WEB_CLIENT } from '@gearwatch/contracts';
import { ingest, ingestTime } from './ingest.ts';

/**
 * The demo rules whose alerts change by themselves, with no new data, in the hour after the server's start: the
 * history ends at the start (SIMULATOR=off), and the engine draws its last consequences on the clock.
 * - "DF-06 out of contact" opens an hour after DF-06's last call (its module is silent from 09:00 to 12:00).
 * - "Forklift moved without a card" ends half an hour after a forklift's last work without a card.
 * - "Forklift service every 150 motor hours" is a timed rule: its alerts open at the engine's first minute tick after
 *   the start, which may come while a spec is counting.
 */
const OUT_OF_CONTACT = { rule: 'DF-06 out of contact', device: 'DF-06' };
const WORK_WITHOUT_CARD = 'Forklift moved without a card';
const SERVICE_DUE = 'Forklift service every 150 motor hours';

type Auth = Record<string, string>;

/** The bearer header of a user signed in through the API (as the web client signs in). */
export async function apiAuth(request: APIRequestContext, username = 'demo', password = 'demo'): Promise<Auth> {
  const answer = await request.post('/api/token', {
    form: { grant_type: 'password', client_id: DEFAULT_WEB_CLIENT.clientId, client_secret: DEFAULT_WEB_CLIENT.clientSecret, username, password },
  });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
}

async function get<T>(request: APIRequestContext, path: string, auth: Auth): Promise<T> {
  const answer = await request.get(path, { headers: auth });
  expect(answer.status(), `GET ${path}`).toBe(200);
  return (await answer.json()) as T;
}

async function ruleId(request: APIRequestContext, auth: Auth, name: string): Promise<number> {
  const rules = await get<{ entries: { id: number; name: string }[] }>(request, `/api/alertrules?search=${encodeURIComponent(name)}`, auth);
  const rule = rules.entries.find((r) => r.name === name);
  expect(rule, `the demo rule "${name}"`).toBeDefined();
  return rule!.id;
}

async function activeAlerts(request: APIRequestContext, auth: Auth, rule: number): Promise<{ id: number; device: { id: number; name: string } }[]> {
  const filter = encodeURIComponent(JSON.stringify({ rule, status: 'active' }));
  const answer = await request.get(`/api/alerts?page_size=0&filter=${filter}`, { headers: auth });
  // 204: none.
  if (answer.status() === 204) return [];
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { entries: { id: number; device: { id: number; name: string } }[] }).entries;
}

/**
 * Brings the demo's alerts to rest before a spec counts them (the menu's total, the bell), with data a module would
 * send: DF-06 calls in (no "out of contact" for the next hour, and one open now ends), and on each forklift whose
 * work without a card is still an active alert an operator of the company applies and removes their card (which ends
 * it at once instead of half an hour after the history). Waits until the engine has drawn both.
 */
export async function bringDemoAlertsToRest(request: APIRequestContext, auth: Auth): Promise<void> {
  const devices = await get<{ entries: { name: string; sensors: { serialNumber: string }[] }[] }>(request, '/api/devices?page_size=0', auth);
  const serialOf = (name: string) => {
    const serial = devices.entries.find((d) => d.name === name)?.sensors[0]?.serialNumber;
    expect(serial, `the module of ${name}`).toBeDefined();
    return serial!;
  };
  const operators = await get<{ entries: { rfid: string | null }[] }>(request, '/api/deviceoperators?page_size=0', auth);
  const card = operators.entries.find((o) => o.rfid)?.rfid;
  expect(card, 'an operator card of the demo company').toBeDefined();

  const outOfContact = await ruleId(request, auth, OUT_OF_CONTACT.rule);
  const workWithoutCard = await ruleId(request, auth, WORK_WITHOUT_CARD);
  await ingest(request, serialOf(OUT_OF_CONTACT.device), { readings: [{ p: 2, t: ingestTime(), v: 0 }] });
  // The engine may still be writing the history's alerts (its catch-up runs after the server listens): a forklift
  // whose alert appears later gets its card then.
  const carded = new Set<number>();
  const unsettled = async () => {
    const running = await activeAlerts(request, auth, workWithoutCard);
    for (const alert of running.filter((a) => !carded.has(a.id))) {
      carded.add(alert.id);
      const now = Date.now();
      await ingest(request, serialOf(alert.device.name), {
        events: [
          { t: ingestTime(now - 2000), type: 'rfid_on', rfid: card! },
          { t: ingestTime(now - 1000), type: 'rfid_off' },
        ],
      });
    }
    return running.length + (await activeAlerts(request, auth, outOfContact)).length;
  };
  await expect.poll(unsettled, { timeout: 60_000 }).toBe(0);
  // The first tick has run once the demo's service alerts are open (its diesel trucks are past 150 motor hours).
  const serviceDue = await ruleId(request, auth, SERVICE_DUE);
  await expect.poll(async () => (await activeAlerts(request, auth, serviceDue)).length, { timeout: 120_000 }).toBeGreaterThan(0);
}
