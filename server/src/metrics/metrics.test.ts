import { describe, expect, it } from 'vitest';
import { Metrics } from './metrics.ts';

describe('Metrics', () => {
  it('reads the database pool at scrape time', async () => {
    let waiting = 0;
    const metrics = new Metrics({ defaultMetrics: false, poolStats: () => ({ total: 4, idle: 1, waiting, max: 10 }) });
    waiting = 7;
    const body = await metrics.registry.metrics();
    expect(body).toContain('gearwatch_db_pool_connections{state="waiting"} 7');
    expect(body).toContain('gearwatch_db_pool_connections{state="max"} 10');
  });

  it('has no pool series on PGlite, and process metrics only when asked', async () => {
    const bare = await new Metrics({ defaultMetrics: false, poolStats: () => null }).registry.metrics();
    expect(bare).not.toContain('gearwatch_db_pool_connections{');
    expect(bare).not.toContain('gearwatch_process_resident_memory_bytes');
    const full = await new Metrics().registry.metrics();
    expect(full).toContain('gearwatch_process_resident_memory_bytes');
  });
});
