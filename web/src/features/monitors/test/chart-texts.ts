/**
 * The words and numbers a monitor's chart shows (axis names and labels, categories, legend), as the SVG renderer of
 * the unit tests draws them: what the user reads, without reaching into the chart library.
 */
export function chartTexts(chart: HTMLElement): string[] {
  return [...chart.querySelectorAll('svg text')].map((node) => node.textContent ?? '');
}
