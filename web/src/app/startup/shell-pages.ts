/**
 * The pages opened outside the signed-in shell, which read none of the session's data areas at start: a display
 * link's TV screen (no sign-in at all) and a production view's full-screen live screen. web/public/early-requests.js
 * holds the same pattern (it runs before any module); early-responses.test.ts checks that the two agree.
 */
export const OUTSIDE_SHELL_PATH = /^\/(?:display\/|production\/[^/]+\/live\/?$)/;

/** Whether a page opened at `pathname` starts in the signed-in shell (and so reads the session's data areas). */
export function startsInShell(pathname: string): boolean {
  return !OUTSIDE_SHELL_PATH.test(pathname);
}
