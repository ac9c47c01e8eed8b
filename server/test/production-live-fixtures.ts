import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { hashDisplayToken, newDisplayToken } from '../src/production-views/display-token.ts';

/**
 * Production views for the live tests, written straight into the tables (the views API is another branch's): a view
 * with its two lines, and display links.
 */
export interface ViewLineSpec {
  label?: string;
  deviceId: number | null;
  parameter: number;
  goal: number;
}

let counter = 0;

/** A 1×1 PNG: a logo the state carries as a data URL. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export async function createView(
  db: Kysely<DB>,
  companyId: number,
  spec: { name?: string; resetHours: number[]; lines: [ViewLineSpec, ViewLineSpec]; logo?: Buffer | null },
): Promise<number> {
  const view = await db
    .insertInto('production_views')
    .values({
      company_id: companyId,
      name: spec.name ?? `View ${process.pid}x${++counter}`,
      view_type: 'columns',
      reset_hours: [...spec.resetHours].sort((a, b) => a - b),
      logo: spec.logo ?? null,
      logo_type: spec.logo ? 'image/png' : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('production_view_lines')
    .values(
      spec.lines.map((line, position) => ({
        company_id: companyId,
        view_id: view.id,
        position,
        label: line.label ?? `Line ${position + 1}`,
        device_id: line.deviceId,
        parameter: line.parameter,
        goal: line.goal,
      })),
    )
    .execute();
  return view.id;
}

export async function createDisplayLink(db: Kysely<DB>, companyId: number, viewId: number): Promise<{ id: number; token: string }> {
  const token = newDisplayToken();
  const row = await db
    .insertInto('production_view_display_links')
    .values({ company_id: companyId, view_id: viewId, token_sha256: hashDisplayToken(token), label: 'Hall TV' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}
