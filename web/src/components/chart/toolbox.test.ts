import { describe, expect, it, vi } from 'vitest';
import { CSV_ICON, XLSX_ICON, buildToolbox } from './toolbox.ts';

const t = (key: string) => `«${key}»`;

type Feature = { title?: unknown; name?: string; icon?: string; show?: boolean; type?: string[]; onclick?: () => void };

function features(toolbox: ReturnType<typeof buildToolbox>): Record<string, Feature> {
  return toolbox.feature as Record<string, Feature>;
}

describe('buildToolbox', () => {
  it('offers the spec features in order with translated titles', () => {
    const toolbox = buildToolbox({ show: true, imageName: 'device-parameters', csv: () => undefined, t });
    expect(toolbox.show).toBe(true);
    const feature = features(toolbox);
    expect(Object.keys(feature)).toEqual(['restore', 'dataZoom', 'saveAsImage', 'myCsv', 'magicType']);
    expect(feature.restore?.title).toBe('«chart.toolbox.restore»');
    expect(feature.dataZoom?.title).toEqual({ zoom: '«chart.toolbox.zoom»', back: '«chart.toolbox.zoom-back»' });
    expect(feature.saveAsImage).toMatchObject({ name: 'device-parameters', title: '«chart.toolbox.save-image»' });
    expect(feature.myCsv).toMatchObject({ show: true, title: '«chart.toolbox.save-csv»', icon: CSV_ICON });
    expect(feature.magicType).toMatchObject({ type: ['line', 'bar'], title: { line: '«chart.toolbox.line»', bar: '«chart.toolbox.bar»' } });
  });

  it('calls the CSV export when the custom feature is clicked', () => {
    const csv = vi.fn();
    features(buildToolbox({ show: true, imageName: 'chart', csv, t })).myCsv?.onclick?.();
    expect(csv).toHaveBeenCalledTimes(1);
  });

  it('adds the spreadsheet export only when asked, before the line/bar switch', () => {
    const xlsx = vi.fn();
    const feature = features(buildToolbox({ show: true, imageName: 'chart', xlsx, t }));
    expect(Object.keys(feature)).toEqual(['restore', 'dataZoom', 'saveAsImage', 'myXlsx', 'magicType']);
    expect(feature.myXlsx).toMatchObject({ title: '«chart.toolbox.save-xlsx»', icon: XLSX_ICON });
    feature.myXlsx?.onclick?.();
    expect(xlsx).toHaveBeenCalledTimes(1);
  });

  it('leaves out the CSV export and the line/bar switch when not wanted', () => {
    const feature = features(buildToolbox({ show: false, imageName: 'chart', magicType: false, t }));
    expect(Object.keys(feature)).toEqual(['restore', 'dataZoom', 'saveAsImage']);
  });

  it('is hidden outside edit mode', () => {
    expect(buildToolbox({ show: false, imageName: 'chart', t }).show).toBe(false);
  });

  it('gives custom features ECharts path icons', () => {
    for (const icon of [CSV_ICON, XLSX_ICON]) expect(icon).toMatch(/^path:\/\/M[\d\s.,a-zA-Z-]+$/);
  });
});
