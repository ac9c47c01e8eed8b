import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n.ts';
import { FilterSelect, filterId, modelOptions } from './FilterSelect.tsx';

const groups = [
  { id: 3, name: 'Warehouse' },
  { id: 8, name: 'Hall B' },
];

async function renderFilter(value: string, onChange = vi.fn()) {
  const i18n = await initI18n('pl');
  render(
    <I18nextProvider i18n={i18n}>
      <FilterSelect label="Grupa" value={value} options={modelOptions(groups)} onChange={onChange} />
    </I18nextProvider>,
  );
  return onChange;
}

describe('FilterSelect', () => {
  it('offers all (translated) and each option, and reports the chosen value', async () => {
    const onChange = await renderFilter('');
    await userEvent.click(screen.getByRole('combobox'));
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Wszystkie', 'Warehouse', 'Hall B']);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Hall B' }));
    expect(onChange).toHaveBeenCalledWith('8');
  });

  it('shows a value the options no longer hold (a deleted group) as all', async () => {
    await renderFilter('99');
    // The select's own value: '' is all (MUI shows it as an empty box), not the unknown '99'.
    expect(document.querySelector<HTMLInputElement>('.MuiSelect-nativeInput')?.value).toBe('');
  });

  it('shows a known value as chosen', async () => {
    await renderFilter('3');
    expect(document.querySelector<HTMLInputElement>('.MuiSelect-nativeInput')?.value).toBe('3');
    expect(screen.getByRole('combobox').textContent).toBe('Warehouse');
  });
});

describe('filterId', () => {
  it("is the id a value stands for, and undefined for all ('')", () => {
    expect(filterId('8')).toBe(8);
    expect(filterId('')).toBeUndefined();
  });
});
