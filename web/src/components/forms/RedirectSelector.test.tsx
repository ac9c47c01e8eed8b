import { screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RedirectSelector } from './RedirectSelector.tsx';
import { redirectPath } from './redirect-path.ts';
import { renderWithApp } from './test/render.tsx';

describe('redirectPath', () => {
  it('replaces the segment of the parameter, keeping the sub-page', () => {
    expect(redirectPath('/manage/devices/5/sensors', ['/', '/manage', '/manage/devices/5', '/manage/devices/5/sensors'], { id: '5' }, 'id', 8)).toBe(
      '/manage/devices/8/sensors',
    );
  });

  it('replaces the parameter’s own segment when another segment has the same text', () => {
    const paths = ['/manage/devices/5', '/manage/devices/5/sensors/5'];
    expect(redirectPath('/manage/devices/5/sensors/5', paths, { id: '5', sensorId: '5' }, 'id', 9)).toBe('/manage/devices/9/sensors/5');
    expect(redirectPath('/manage/devices/5/sensors/5', paths, { id: '5', sensorId: '5' }, 'sensorId', 9)).toBe('/manage/devices/5/sensors/9');
    expect(redirectPath('/companies/5/devices/5', ['/', '/companies/5', '/companies/5/devices/5'], { companyId: '5', id: '5' }, 'id', 9)).toBe(
      '/companies/5/devices/9',
    );
  });

  it('is null when the value is not in the path', () => {
    expect(redirectPath('/manage/devices', ['/', '/manage/devices'], { id: '5' }, 'id', 9)).toBeNull();
    expect(redirectPath('/manage/devices', ['/', '/manage/devices'], {}, 'id', 9)).toBeNull();
  });
});

describe('RedirectSelector', () => {
  const options = [
    { id: 5, name: 'Press' },
    { id: 8, name: 'Lathe' },
  ];

  it('shows the current row and goes to the same page of the chosen one', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/manage/devices/:id',
          element: <Outlet />,
          children: [{ path: 'sensors', element: <RedirectSelector options={options} label="nav.devices" /> }],
        },
      ],
      { initialEntries: ['/manage/devices/5/sensors'] },
    );
    const { user } = await renderWithApp(<RouterProvider router={router} />);
    const select = await screen.findByRole('combobox', { name: 'Devices' });
    expect(select.textContent).toBe('Press');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Lathe' }));
    expect(router.state.location.pathname).toBe('/manage/devices/8/sensors');
    expect(screen.getByRole('combobox', { name: 'Devices' }).textContent).toBe('Lathe');
  });
});
