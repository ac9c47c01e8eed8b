import { useMemo } from 'react';
import type { ChartType } from '@gearwatch/contracts';

/**
 * The chart events of a monitor with the toolbox's line/bar switch: the switched type is saved as `magicType`
 * (spec 02 §4), so the chart opens the same way next time. None without `update` (a chart without the switch).
 */
export function useChartTypeEvents(update: ((patch: { magicType: ChartType }) => void) | undefined) {
  return useMemo(
    () =>
      update && {
        magictypechanged: (params: unknown) => {
          const type = (params as { currentType?: string }).currentType;
          if (type === 'line' || type === 'bar') update({ magicType: type });
        },
      },
    [update],
  );
}
