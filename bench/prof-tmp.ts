import { openDatabase } from '../server/src/db/database.ts';
import { DiagnosticsRepository } from '../server/src/diagnostics/repository.ts';
import { ParameterCatalogue, selectionOf } from '../server/src/diagnostics/series.ts';
import { sql } from 'kysely';
const database = await openDatabase({ url: 'postgres://root@127.0.0.1:5432/gw_bench_query_49efc793', dataDir: '', poolSize: 2 });
const repo = new DiagnosticsRepository(database.db);
const ids = Array.from({ length: 20 }, (_, i) => i + 1);
const scope = { kind: 'company' as const, companyId: 1 };
async function t(name: string, f: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < 25; i++) { const s = performance.now(); await f(); ms.push(performance.now() - s); }
  ms.sort((a, b) => a - b);
  console.log(name.padEnd(30), 'p50', ms[12]!.toFixed(1), 'p95', ms[23]!.toFixed(1));
}
const subjects = await repo.findDevices(scope, ids);
const cat = new ParameterCatalogue(await repo.parametersOfTypes([...new Set(subjects.map((d) => d.deviceTypeId))]));
const sel = selectionOf(subjects, [1, 2, 3, 20, 22], cat);
await t('select 1', () => sql`select 1`.execute(database.db));
await t('findDevices', () => repo.findDevices(scope, ids));
await t('parametersOfTypes', () => repo.parametersOfTypes([subjects[0]!.deviceTypeId]));
await t('bucketColumns hour day', () => repo.bucketColumns('hour', sel, new Date('2026-11-21T23:00Z'), new Date('2026-11-22T23:00Z')));
await t('dayColumns day month', () => repo.dayColumns('day', sel, '2026-10-23', '2026-11-22'));
await t('dayColumns month year', () => repo.dayColumns('month', sel, '2025-11-23', '2026-11-23'));
await t('shiftCells week', () => repo.shiftCells(sel, '2026-11-16', '2026-11-22'));
await database.close();
