import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { DateRange } from '@gearwatch/contracts';
import { initI18n, switchLanguage } from '../../i18n/i18n.ts';
import { DateRangeField } from './DateRangeField.tsx';
import type { DateRangeFieldProps } from './DateRangeField.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await initI18n('en');
});

// A Wednesday.
const TODAY = '2025-05-14';

function renderField(props: Partial<DateRangeFieldProps> = {}) {
  const onChange = vi.fn<(range: DateRange) => void>();
  function Harness() {
    const [value, setValue] = useState<DateRange | null>(props.value ?? { from: TODAY, to: TODAY });
    return (
      <DateRangeField
        today={TODAY}
        {...props}
        value={value}
        onChange={(range) => {
          onChange(range);
          setValue(range);
        }}
      />
    );
  }
  const user = userEvent.setup({ skipHover: true, pointerEventsCheck: 0 });
  render(
    <I18nextProvider i18n={i18n}>
      <Harness />
    </I18nextProvider>,
  );
  return { user, onChange };
}

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('date-range-input'));
  return screen.findByRole('dialog');
}

function day(dialog: HTMLElement, date: string): HTMLElement {
  const button = dialog.querySelector<HTMLElement>(`[data-date="${date}"]`);
  if (!button) throw new Error(`no day ${date} shown`);
  return button;
}

function firstShownDay(dialog: HTMLElement): string | null {
  return dialog.querySelector('[data-date]')?.getAttribute('data-date') ?? null;
}

describe('DateRangeField', () => {
  it('shows the range as localised short dates', () => {
    renderField({ value: { from: '2025-05-01', to: '2025-05-07' } });
    expect(screen.getByTestId('date-range-input')).toHaveProperty('value', '01/05/2025 – 07/05/2025');
    expect(screen.getByLabelText('Date range')).toBeTruthy();
  });

  it('lays out weeks from Monday with localised day names and marks today', async () => {
    const { user } = renderField();
    const dialog = await openPicker(user);
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(within(dialog).getByTestId('date-range-month').textContent).toBe('May 2025');
    // May 2025 starts on a Thursday: the grid opens on Monday 28 April.
    expect(firstShownDay(dialog)).toBe('2025-04-28');
    expect(day(dialog, TODAY).getAttribute('aria-current')).toBe('date');
    expect(day(dialog, '2025-05-13').getAttribute('aria-current')).toBeNull();
    expect(day(dialog, TODAY).getAttribute('aria-label')).toBe('Wednesday, 14 May 2025');
  });

  it('names days and months in the interface language', async () => {
    await switchLanguage(i18n, 'pl');
    try {
      const { user } = renderField({ value: { from: '2025-05-01', to: '2025-05-07' } });
      expect(screen.getByTestId('date-range-input')).toHaveProperty('value', '1.05.2025 – 7.05.2025');
      const dialog = await openPicker(user);
      const headers = within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent);
      expect(headers[0]).toBe('pon.');
      expect(headers[6]).toBe('niedz.');
      expect(within(dialog).getByTestId('date-range-month').textContent).toBe('maj 2025');
    } finally {
      await switchLanguage(i18n, 'en');
    }
  });

  it('takes the start on the first click and the end on the second, then closes', async () => {
    const { user, onChange } = renderField();
    const dialog = await openPicker(user);
    await user.click(day(dialog, '2025-05-05'));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(dialog).getByText('Select the end date')).toBeTruthy();
    await user.click(day(dialog, '2025-05-09'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2025-05-05', to: '2025-05-09' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('date-range-input')).toHaveProperty('value', '05/05/2025 – 09/05/2025');
  });

  it('swaps a range picked backwards', async () => {
    const { user, onChange } = renderField();
    const dialog = await openPicker(user);
    await user.click(day(dialog, '2025-05-20'));
    await user.click(day(dialog, '2025-05-02'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2025-05-02', to: '2025-05-20' });
  });

  it('takes a single day when the same day is clicked twice', async () => {
    const { user, onChange } = renderField();
    const dialog = await openPicker(user);
    await user.click(day(dialog, '2025-05-07'));
    await user.click(day(dialog, '2025-05-07'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2025-05-07', to: '2025-05-07' });
  });

  it('moves between months', async () => {
    const { user } = renderField();
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(within(dialog).getByTestId('date-range-month').textContent).toBe('June 2025');
    expect(firstShownDay(dialog)).toBe('2025-05-26');
    await user.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    await user.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    expect(within(dialog).getByTestId('date-range-month').textContent).toBe('April 2025');
    expect(firstShownDay(dialog)).toBe('2025-03-31');
  });

  it('keeps the first pick while moving to another month', async () => {
    const { user, onChange } = renderField();
    const dialog = await openPicker(user);
    await user.click(day(dialog, '2025-05-28'));
    await user.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    await user.click(day(dialog, '2025-04-10'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2025-04-10', to: '2025-05-28' });
  });

  it('opens on the month of the chosen range', async () => {
    const { user } = renderField({ value: { from: '2024-12-30', to: '2025-01-03' } });
    const dialog = await openPicker(user);
    expect(within(dialog).getByTestId('date-range-month').textContent).toBe('December 2024');
  });

  it('disables days that would make the range longer than maxDays', async () => {
    const { user, onChange } = renderField({ maxDays: 7 });
    const dialog = await openPicker(user);
    expect(within(dialog).getByText('At most 7 days')).toBeTruthy();
    await user.click(day(dialog, '2025-05-10'));
    expect(day(dialog, '2025-05-16')).toHaveProperty('disabled', false);
    expect(day(dialog, '2025-05-17')).toHaveProperty('disabled', true);
    expect(day(dialog, '2025-05-04')).toHaveProperty('disabled', false);
    expect(day(dialog, '2025-05-03')).toHaveProperty('disabled', true);
    await user.click(day(dialog, '2025-05-04'));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2025-05-04', to: '2025-05-10' });
  });

  it('applies a preset at once: last week is Monday to Sunday of the week before', async () => {
    const { user, onChange } = renderField({ presets: true });
    const dialog = await openPicker(user);
    await user.click(within(dialog).getByRole('button', { name: 'Last week' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ from: '2025-05-05', to: '2025-05-11' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the four presets, disabling those longer than maxDays', async () => {
    const { user } = renderField({ presets: true, maxDays: 7 });
    const dialog = await openPicker(user);
    for (const name of ['This week', 'Last week']) expect(within(dialog).getByRole('button', { name })).toHaveProperty('disabled', false);
    for (const name of ['This month', 'Last month']) expect(within(dialog).getByRole('button', { name })).toHaveProperty('disabled', true);
  });

  it('keeps the range when the picker is closed after one click', async () => {
    const { user, onChange } = renderField();
    const dialog = await openPicker(user);
    await user.click(day(dialog, '2025-05-05'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChange).not.toHaveBeenCalled();
    // Opening again starts a new range rather than finishing the abandoned one.
    const reopened = await openPicker(user);
    await user.click(day(reopened, '2025-05-20'));
    expect(onChange).not.toHaveBeenCalled();
    expect(within(reopened).getByText('Select the end date')).toBeTruthy();
  });

  it('opens from the keyboard', async () => {
    const { user } = renderField();
    screen.getByTestId('date-range-input').focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('does not open when disabled', async () => {
    const { user } = renderField({ disabled: true });
    await user.click(screen.getByTestId('date-range-input'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
