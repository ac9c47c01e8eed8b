import type { AlarmStats, AlarmTotal, AlertImportance } from '@gearwatch/contracts';
import { ALERT_IMPORTANCES, ALERT_IMPORTANCE_RANK } from '@gearwatch/contracts';
import type { ImportanceCount } from './alerts-repository.ts';

/** The importances, highest first: the order of the stats and the pick of the total's level. */
const HIGHEST_FIRST = [...ALERT_IMPORTANCES].sort((a, b) => ALERT_IMPORTANCE_RANK[b] - ALERT_IMPORTANCE_RANK[a]);

/** Every level, highest first, with its count (0 when none). */
export function presentStats(counts: ImportanceCount[]): AlarmStats {
  return HIGHEST_FIRST.map((level) => ({ level, count: counts.find((c) => c.importance === level)?.count ?? 0 }));
}

/** How many in all, and the highest importance among them (null when there are none). */
export function presentTotal(counts: ImportanceCount[]): AlarmTotal {
  const stats = presentStats(counts);
  const level: AlertImportance | null = stats.find((s) => s.count > 0)?.level ?? null;
  return { count: stats.reduce((sum, s) => sum + s.count, 0), level };
}
