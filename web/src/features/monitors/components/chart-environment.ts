import { createContext, useContext } from 'react';

/**
 * How the monitors' charts are drawn: canvas, following the container's width, in the browser. Unit tests provide
 * the SVG renderer (happy-dom has no canvas, ARCHITECTURE §1) and a fixed width (it lays nothing out).
 */
export interface ChartEnvironment {
  renderer: 'canvas' | 'svg';
  width?: number;
}

export const ChartEnvironmentContext = createContext<ChartEnvironment>({ renderer: 'canvas' });

export function useChartEnvironment(): ChartEnvironment {
  return useContext(ChartEnvironmentContext);
}
