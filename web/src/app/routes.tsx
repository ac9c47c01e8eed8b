import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle.ts';
import { HOME_PATH, LOGIN_PATH, RedirectIfSignedIn, RequireAuth, RequireSuperAdmin } from './guards.tsx';


const upcoming = (title: string, path: string, children?: RouteObject[]): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  ...(children
    ? { children: [{ index: true, lazy: async () => ({ Component: (await import('./screens/UpcomingScreen.tsx')).UpcomingScreen }) }, ...children] }
    : { lazy: async () => ({ Component: (await import('./screens/UpcomingScreen.tsx')).UpcomingScreen }) }),
});

const redirect = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

const REPORT_TYPES = [
  'efficiency-report',
  'device-operators-report',
  'device-work-details-report',
  'device-work-device-shift',
  'device-work-shift-chart',
  'production-device-work-matrix',
] as const;

/**
 * Every route of spec 01 §2. Screens that later work delivers open the shared empty state (UpcomingScreen);
 * each is lazy, so the first load carries only the shell.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RedirectIfSignedIn />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./shells/LoginShell.tsx')).LoginShell }),
        children: [
          { path: LOGIN_PATH, lazy: async () => ({ Component: (await import('../features/auth/components/LoginPage.tsx')).LoginPage }) },
          { path: '/reset', lazy: async () => ({ Component: (await import('../features/auth/components/ResetPage.tsx')).ResetPage }) },
          { path: '/resetting', lazy: async () => ({ Component: (await import('../features/auth/components/ResettingPage.tsx')).ResettingPage }) },
        ],
      },
    ],
  },
  { path: '/terms', lazy: async () => ({ Component: (await import('../features/terms/components/TermsPage.tsx')).PolishTermsPage }) },
  { path: '/terms_en', lazy: async () => ({ Component: (await import('../features/terms/components/TermsPage.tsx')).EnglishTermsPage }) },
  {
    element: <RequireAuth />,
    children: [
      {
        path: '/',
        lazy: async () => ({ Component: (await import('./shells/MainShell.tsx')).MainShell }),
        children: [
          redirect(HOME_PATH),
          {
            path: 'dashboard',
            handle: { title: 'nav.dashboard' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/monitors/components/DashboardPage.tsx')).DashboardPage }),
          },
          {
            path: 'diagnostics',
            handle: { title: 'nav.monitor' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/monitors/components/DiagnosticsPage.tsx')).DiagnosticsPage }),
          },
          {
            path: 'location',
            handle: { title: 'nav.location' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/location/components/LocationPage.tsx')).LocationPage }),
          },
          {
            path: 'alerts',
            handle: { title: 'nav.alerts' } satisfies RouteHandle,
            children: [redirect('alert-rules'), upcoming('nav.alerts-list', 'list'), upcoming('nav.alert-rules', 'alert-rules'), upcoming('nav.alert-rule', 'alert-rule/:id')],
          },
          upcoming('nav.work', 'production'),
          upcoming(
            'nav.reports',
            'reports',
            REPORT_TYPES.map((type) => upcoming(`reports.type.${type}`, type)),
          ),
          upcoming('nav.reports-list', 'reports-list'),
          {
            path: 'manage',
            handle: { title: 'nav.manage' } satisfies RouteHandle,
            children: [
              redirect('devices'),
              upcoming('nav.devices', 'devices'),
              upcoming('nav.device', 'device/:id'),
              upcoming('nav.device-groups', 'device-groups'),
              upcoming('nav.device-group', 'device-group/:id'),
              upcoming('nav.device-operators', 'device-operators'),
              upcoming('nav.device-operator', 'device-operator/:id'),
              upcoming('nav.device-operator-groups', 'device-operator-groups'),
              upcoming('nav.device-operator-group', 'device-operator-groups/:id'),
            ],
          },
          upcoming('nav.users', 'users'),
          {
            path: 'administration',
            handle: { title: 'nav.administration' } satisfies RouteHandle,
            element: <RequireSuperAdmin />,
            children: [
              redirect('devices'),
              upcoming('nav.admin-devices', 'devices'),
              upcoming('nav.admin-sensors', 'sensors'),
              upcoming('nav.admin-users', 'users'),
              upcoming('nav.admin-user-groups', 'user-groups'),
              upcoming('nav.admin-subscribers', 'subscribers'),
              upcoming('nav.admin-devices-types', 'devices-types'),
            ],
          },
        ],
      },
    ],
  },
  { path: '*', element: <Navigate to={LOGIN_PATH} replace /> },
];
