import { ApiError, NetworkError } from '../../api/errors.ts';

export interface BrowserInfo {
  /** null when the user agent names no browser this knows; the banner then says so in the user's language. */
  name: string | null;
  version: string;
  os: string | null;
}

/** Browser name, version and operating system from a user-agent string; order matters (Edge and Opera say Chrome). */
export function parseUserAgent(userAgent: string): BrowserInfo {
  /* eslint-disable i18next/no-literal-string -- product names, written the same in every language */
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari/],
  ];
  let name: string | null = null;
  let version = '';
  for (const [candidate, pattern] of browsers) {
    const match = pattern.exec(userAgent);
    if (match) {
      name = candidate;
      version = match[1] ?? '';
      break;
    }
  }
  const systems: [string, RegExp][] = [
    ['Windows', /Windows NT/],
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['macOS', /Mac OS X/],
    ['ChromeOS', /CrOS/],
    ['Linux', /Linux/],
  ];
  /* eslint-enable i18next/no-literal-string */
  const os = systems.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
  return { name, version, os };
}

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export interface StartupErrorReport {
  code: string;
  browser: BrowserInfo;
  exception: string;
  exceptionBase64: string;
}

/**
 * What the start-up banner and the error page show for an error: a short code (`fallbackCode` when it is neither an
 * HTTP nor a network error), the browser, and the exception text.
 */
export function describeStartupError(error: unknown, userAgent: string, fallbackCode = 'E_STARTUP'): StartupErrorReport {
  let code = fallbackCode;
  if (error instanceof ApiError) code = `E_HTTP_${error.status}${error.requestId ? `/${error.requestId}` : ''}`;
  else if (error instanceof NetworkError) code = 'E_NETWORK';
  const exception = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const stack = error instanceof Error && error.stack ? `\n${error.stack}` : '';
  return { code, browser: parseUserAgent(userAgent), exception, exceptionBase64: toBase64(`${exception}${stack}`) };
}
