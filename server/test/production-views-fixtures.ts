import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import type { TestContext } from './context.ts';
import { bearer, createDevice } from './fixtures.ts';

let counter = 0;

/**
 * A device whose type has, besides work (1) and active (2), a counter (3, pieces), a charging quantity (10003, Ah,
 * summed), a measurement (20, averaged: not a counter), and the internal 10000 (summed, never offered).
 */
export async function createCounterDevice(db: Kysely<DB>, companyId: number, name?: string): Promise<{ id: number; deviceTypeId: number }> {
  const device = await createDevice(db, companyId, name);
  const unit = async (short: string) =>
    (
      await db
        .insertInto('units')
        .values({ name: `${short} ${process.pid}x${++counter}`, short, long: short, min: null, max: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const [pieces, ampHours, degrees] = [await unit('pcs'), await unit('Ah'), await unit('°C')];
  await db
    .insertInto('parameters')
    .values([
      { device_type_id: device.deviceTypeId, number: 3, name: 'counter', tags: ['counter'], unit_id: pieces, aggregation: 'sum' },
      { device_type_id: device.deviceTypeId, number: 10003, name: 'charging quantity', tags: [], unit_id: ampHours, aggregation: 'sum' },
      { device_type_id: device.deviceTypeId, number: 20, name: 'temperature', tags: [], unit_id: degrees, aggregation: 'avg' },
      { device_type_id: device.deviceTypeId, number: 10000, name: 'internal', tags: [], unit_id: null, aggregation: 'sum' },
    ])
    .execute();
  return device;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff, 0xe0];

/** Image bytes of `size` recognised by their signature (the server reads nothing more of them). */
export function imageBytes(kind: 'png' | 'jpeg' | 'gif', size = 64): Buffer {
  const signature = kind === 'png' ? PNG_SIGNATURE : kind === 'jpeg' ? JPEG_SIGNATURE : [...Buffer.from('GIF89a')];
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(signature).copy(bytes);
  return bytes;
}

export function dataUrl(bytes: Buffer, type = 'image/png'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}

/** A valid wizard payload for the device (the spec's field names); `overrides` replace whole fields. */
export function viewPayload(deviceId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    prodview_type: 'columns',
    prodview_name: 'Hall A output',
    lineParams: [
      { lineName: 'Press 1', deviceId, parameter_id: 3, goal: 500 },
      { lineName: 'Press 1 efficiency', deviceId, parameter_id: 0, goal: '85' },
    ],
    reset_hours: '14:00,06:00,22:00',
    file: dataUrl(imageBytes('png')),
    ...overrides,
  };
}

/** A view of two lines on the device, with a png logo, written straight into the database. */
export async function insertProductionView(db: Kysely<DB>, companyId: number, deviceId: number, name: string): Promise<number> {
  const view = await db
    .insertInto('production_views')
    .values({ company_id: companyId, name, view_type: 'columns', reset_hours: [6, 14], logo: imageBytes('png'), logo_type: 'image/png' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('production_view_lines')
    .values(
      [0, 1].map((position) => ({
        company_id: companyId,
        view_id: view.id,
        position,
        label: `Line ${position + 1}`,
        device_id: deviceId,
        parameter: position,
        goal: 100,
      })),
    )
    .execute();
  return view.id;
}

/** The calls of the views API as one caller (by token). */
export function viewsClient(ctx: () => TestContext) {
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    ctx().app.inject({ method, url, headers: bearer(token), ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { call };
}
