import Paper from '@mui/material/Paper';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDocument, ReportType } from '@gearwatch/contracts';
import { EChart } from '../../../components/chart/EChart.tsx';
import { useScreenSize } from '../../../hooks/useScreenSize.ts';
import { useReportChartEnvironment } from './chart-environment.ts';
import { REPORT_CHARTS, reportChartData, reportChartOption } from './report-chart.ts';

const CHART_HEIGHT = { phone: 280, wide: 340 } as const;

/** The report's bars (efficiency per bucket, work per shift) above its tables; nothing for the other types. */
export function ReportChart({ type, document }: { type: ReportType; document: ReportDocument }) {
  const { t, i18n } = useTranslation();
  const { renderer, width } = useReportChartEnvironment();
  const { isMobile } = useScreenSize();
  const spec = REPORT_CHARTS[type];
  const option = useMemo(() => {
    if (!spec) return null;
    const translate = { t, exists: (key: string) => i18n.exists(key) };
    const data = reportChartData(document, spec, i18n.language, translate);
    return data
      ? reportChartOption(data, translate, { language: i18n.language, imageName: `${type}-${document.from}-${document.to}`, compact: isMobile })
      : null;
  }, [document, i18n, isMobile, spec, t, type]);
  if (!option) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="report-chart">
      <EChart
        option={option}
        renderer={renderer}
        width={width}
        height={isMobile ? CHART_HEIGHT.phone : CHART_HEIGHT.wide}
        ariaLabel={t('reports.screen.chart')}
      />
    </Paper>
  );
}
