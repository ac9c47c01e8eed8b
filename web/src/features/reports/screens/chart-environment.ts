import { createContext, useContext } from 'react';

/**
 * How the report charts are drawn: canvas, following the container's width, in the browser. Page tests provide the
 * SVG renderer (happy-dom has no canvas) and a fixed width (it lays nothing out).
 */
export interface ReportChartEnvironment {
  renderer: 'canvas' | 'svg';
  width?: number;
}

export const ReportChartEnvironmentContext = createContext<ReportChartEnvironment>({ renderer: 'canvas' });

export function useReportChartEnvironment(): ReportChartEnvironment {
  return useContext(ReportChartEnvironmentContext);
}
