import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A scratch PostgreSQL database for one benchmark run, made from the server named by DATABASE_URL and dropped at the
 * end, so benchmarks never touch real data. The benchmarks measure PostgreSQL (ARCHITECTURE §8).
 */
export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A database an earlier run kept, on the server named by DATABASE_URL. */
export function existingDatabase(name: string): ScratchDatabase {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => Promise.reject(new Error(`${name} was not created by this run`)) };
}

/** `--name value` from the command line, or the default. */
export function flag(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export function formatRate(perSecond: number): string {
  return `${Math.round(perSecond).toLocaleString('en-US')}/s`;
}
