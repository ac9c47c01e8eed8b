import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile } from './download.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function captureDownload() {
  const blobs: Blob[] = [];
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:download-1';
  });
  const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicks: Array<{ href: string; download: string; attached: boolean }> = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push({ href: this.href, download: this.download, attached: document.body.contains(this) });
  });
  return { blobs, clicks, createObjectURL, revokeObjectURL };
}

describe('downloadFile', () => {
  it('saves text under the file name with its type, then frees the URL', async () => {
    vi.useFakeTimers();
    const { blobs, clicks, revokeObjectURL } = captureDownload();
    downloadFile('"DateTime";"Output [pcs]"\n', 'chart.csv', 'text/csv;charset=utf-8');
    expect(clicks).toEqual([{ href: 'blob:download-1', download: 'chart.csv', attached: true }]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await blobs[0]?.text()).toBe('"DateTime";"Output [pcs]"\n');
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:download-1');
  });

  it('saves a Blob as it is', () => {
    const { blobs, clicks } = captureDownload();
    const sheet = new Blob(['xlsx bytes'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    downloadFile(sheet, 'work-activity-chart-2025-05-01-2025-05-07.xlsx', 'ignored/type');
    expect(blobs[0]).toBe(sheet);
    expect(clicks[0]?.download).toBe('work-activity-chart-2025-05-01-2025-05-07.xlsx');
  });
});
