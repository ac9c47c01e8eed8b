import { describe, expect, it, vi } from 'vitest';
import { CSV_BOM, CSV_CONTENT_TYPE } from '@gearwatch/contracts';
import { downloadFile } from '../../../components/download.ts';
import { monitorFiles } from './monitor-files.ts';

vi.mock('../../../components/download.ts', () => ({ downloadFile: vi.fn() }));

describe('monitorFiles', () => {
  it('names the image after the title and the dates', () => {
    expect(monitorFiles('Efficiency', { from: '2026-03-01', to: '2026-03-07' }, () => '').imageName).toBe('Efficiency-2026-03-01-2026-03-07');
  });

  it('writes the CSV only when asked, and downloads it with the byte order mark under the same name', () => {
    const text = vi.fn(() => '"DateTime";"A [s]"\r\n');
    const files = monitorFiles('Operator work', { from: '2026-03-02', to: '2026-03-02' }, text);
    expect(text).not.toHaveBeenCalled();
    files.csv();
    expect(downloadFile).toHaveBeenCalledWith(`${CSV_BOM}"DateTime";"A [s]"\r\n`, 'Operator work-2026-03-02-2026-03-02.csv', CSV_CONTENT_TYPE);
  });
});
