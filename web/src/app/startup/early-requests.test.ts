import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configQuery, loadSessionData } from '../../api/data-areas.ts';
import { clientWithEarlyResponses } from '../../test/early-client.ts';
import { deviceGroupsQuery, deviceOperatorGroupsQuery, deviceTypesQuery, productionShiftsQuery } from '../../features/monitors/api/model.ts';
import { startsInShell } from './shell-pages.ts';

const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

/** Runs the page's start-up script as the browser does, with this fetch. */
function runPageScript(fetch: typeof window.fetch): void {
  const original = window.fetch;
  window.fetch = fetch;
  try {
    new Function(readFileSync(path.join(import.meta.dirname, '../../../public/early-requests.js'), 'utf8'))();
  } finally {
    window.fetch = original;
  }
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="gearwatch-start-chunks"], link[rel="modulepreload"]').forEach((node) => node.remove());
  window.history.pushState(null, '', '/');
  window.localStorage.clear();
  delete window.__gearwatchEarlyRequests;
});

describe('the page start-up script (web/public/early-requests.js)', () => {
  it('asks for exactly the calls of the start-up, which the client then never makes itself', async () => {
    window.localStorage.setItem('gearwatch.accessToken', 'access-1');
    window.localStorage.setItem('gearwatch.refreshToken', 'refresh-1');
    window.history.pushState(null, '', '/manage/devices');
    const scriptFetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/config') {
        return json(200, {
          version: '1',
          brand: 'default',
          languages: ['pl', 'en'],
          defaultLanguage: 'pl',
          webClientId: 'gearwatch-web',
          webClientSecret: 'secret',
          mapTileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
        });
      }
      if (url === '/api/users/current/settings') return json(200, { entries: [] });
      if (url.startsWith('/api/devices')) return new Response(null, { status: 204 });
      return json(200, {});
    });
    runPageScript(scriptFetch as typeof window.fetch);
    const started = window.__gearwatchEarlyRequests ?? [];
    expect(started.map((request) => [request.url, request.accessToken])).toEqual([
      ['/api/config', null],
      ['/api/users/current', 'access-1'],
      ['/api/users/current/settings', 'access-1'],
      ['/api/devices?page_size=0&sort=name', 'access-1'],
    ]);
    const appFetch = vi.fn(async () => json(500, {}));
    const api = clientWithEarlyResponses(appFetch, started);
    const queryClient = new QueryClient();
    // The page script has read each body: the client takes that text rather than reading the body again.
    expect(await queryClient.fetchQuery(configQuery(api))).toMatchObject({ brand: 'default' });
    // The other answers' contents are the schemas' business: what matters here is that each start-up call was adopted.
    await loadSessionData(queryClient, api).catch(() => undefined);
    expect(appFetch).not.toHaveBeenCalled();
  });

  it('on the pages of a board also asks for the model lists its monitors then read', async () => {
    window.localStorage.setItem('gearwatch.accessToken', 'access-1');
    window.localStorage.setItem('gearwatch.refreshToken', 'refresh-1');
    const lists = (pathname: string) => {
      window.history.pushState(null, '', pathname);
      runPageScript(vi.fn(async () => new Response(null, { status: 204 })) as typeof window.fetch);
      return (window.__gearwatchEarlyRequests ?? []).slice(4);
    };
    expect(lists('/manage/devices')).toEqual([]);
    expect(lists('/').length).toBe(4);
    expect(lists('/diagnostics').length).toBe(4);
    const started = lists('/dashboard');
    const appFetch = vi.fn(async () => json(500, {}));
    const api = clientWithEarlyResponses(appFetch, started);
    const queryClient = new QueryClient();
    await queryClient.fetchQuery(deviceGroupsQuery(api)).catch(() => undefined);
    await queryClient.fetchQuery(deviceTypesQuery(api)).catch(() => undefined);
    await queryClient.fetchQuery(productionShiftsQuery(api)).catch(() => undefined);
    await queryClient.fetchQuery(deviceOperatorGroupsQuery(api)).catch(() => undefined);
    expect(appFetch).not.toHaveBeenCalled();
  });

  it('asks for the session only on pages in the signed-in shell, as the start-up does', () => {
    window.localStorage.setItem('gearwatch.accessToken', 'access-1');
    const sessionCalls = (pathname: string) => {
      window.history.pushState(null, '', pathname);
      runPageScript(vi.fn(async () => json(200, {})) as typeof window.fetch);
      return (window.__gearwatchEarlyRequests ?? []).length > 1;
    };
    try {
      for (const pathname of ['/dashboard', '/manage/devices/3', '/display/abc', '/production/7/live', '/production/7/edit']) {
        expect([pathname, sessionCalls(pathname)]).toEqual([pathname, startsInShell(pathname)]);
      }
      expect(startsInShell('/display/abc')).toBe(false);
      expect(startsInShell('/production/7/live')).toBe(false);
      expect(startsInShell('/dashboard')).toBe(true);
    } finally {
      window.history.pushState(null, '', '/');
    }
  });

  it('starts only the configuration for a visitor without a session', () => {
    runPageScript(vi.fn(async () => json(200, {})) as typeof window.fetch);
    expect((window.__gearwatchEarlyRequests ?? []).map((request) => request.url)).toEqual(['/api/config']);
  });

  it('preloads the start chunks the build names for a user with a session, and none on a visitor’s sign-in page', () => {
    const meta = document.createElement('meta');
    meta.name = 'gearwatch-start-chunks';
    meta.content = '/assets/MainShell-1.js /assets/DashboardPage-2.js';
    document.head.appendChild(meta);
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);

    window.history.pushState(null, '', '/login');
    runPageScript(vi.fn(async () => json(200, {})) as typeof window.fetch);
    expect(preloads()).toEqual([]);

    window.localStorage.setItem('gearwatch.accessToken', 'access-1');
    window.history.pushState(null, '', '/dashboard');
    runPageScript(vi.fn(async () => json(200, {})) as typeof window.fetch);
    expect(preloads()).toEqual(['/assets/MainShell-1.js', '/assets/DashboardPage-2.js']);
  });
});
