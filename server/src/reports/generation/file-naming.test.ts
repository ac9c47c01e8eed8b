import { describe, expect, it } from 'vitest';
import { fileName } from './file-naming.ts';

const OCTOBER = { from: '2026-10-01', to: '2026-10-31' };

describe('fileName', () => {
  it("keeps a configuration's name, letters of every language included", () => {
    expect(fileName('Wydajność hali', OCTOBER, 'csv')).toBe('Wydajność hali-2026-10-01-2026-10-31.csv');
  });
  it('replaces what a file system refuses and every control character, C1 and the Unicode line separators included', () => {
    expect(fileName('a/b:c\nd\u0085e\u2028f\u009bg\u007fh', OCTOBER, 'xlsx')).toBe('a_b_c_d_e_f_g_h-2026-10-01-2026-10-31.xlsx');
  });
});
