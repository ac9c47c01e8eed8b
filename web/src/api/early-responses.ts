/**
 * The answers to the calls the page's start-up script (web/public/early-requests.js) made while the page was still
 * parsed, before the application's code had loaded: the API client adopts each one once, for the same URL and the
 * same access token, instead of asking again. Nothing else changes: an adopted 401 is refreshed and replayed like any.
 */
export interface EarlyRequest {
  url: string;
  accessToken: string | null;
  /** Date.now() when the script started it. */
  at: number;
  /** null when the call failed on the network: the client then makes it itself. */
  answer: Promise<EarlyAnswer | null>;
}

/**
 * An early call's response with its body already read (its body is used): the client takes the text from here, so
 * adopting the answer needs no turn of the event loop, which would wait behind a long render.
 */
export interface EarlyAnswer {
  response: Response;
  text: string;
}

export interface EarlyResponses {
  /** The early answer to this GET, handed out once; null when none was started for this URL and token. */
  take(url: string, accessToken: string | null): Promise<EarlyAnswer | null> | null;
}

/** Start-up reads its answers within moments; one left unread longer than this is stale and is asked for again. */
export const EARLY_RESPONSE_LIFETIME_MS = 30_000;

declare global {
  interface Window {
    __gearwatchEarlyRequests?: EarlyRequest[];
  }
}

export function createEarlyResponses(started: readonly EarlyRequest[], now: () => number = Date.now): EarlyResponses {
  const waiting = [...started];
  return {
    take(url, accessToken) {
      const index = waiting.findIndex((request) => request.url === url && request.accessToken === accessToken);
      if (index < 0) return null;
      const [request] = waiting.splice(index, 1);
      return request && now() - request.at <= EARLY_RESPONSE_LIFETIME_MS ? request.answer : null;
    },
  };
}

/** The early calls of this page, if its start-up script ran. */
export function earlyResponsesOfPage(): EarlyResponses {
  return createEarlyResponses(typeof window === 'undefined' ? [] : (window.__gearwatchEarlyRequests ?? []));
}
