import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSignedIn } from '../api/ApiProvider.tsx';
import { useCurrentUser } from '../api/data-areas.ts';

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

/** Where a protected route came from, so signing in can return there. */
export interface FromState {
  from?: string;
}

/** Protected routes: without a session, go to login (spec 01 §2). */
export function RequireAuth() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  if (!signedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={LOGIN_PATH} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}

/**
 * Sign-in pages: a signed-in user goes to the dashboard instead (spec 01 §2), or back to the protected page that
 * sent them to sign in.
 */
export function RedirectIfSignedIn() {
  const signedIn = useIsSignedIn();
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  const target = from && from.startsWith('/') && !from.startsWith(LOGIN_PATH) ? from : HOME_PATH;
  return signedIn ? <Navigate to={target} replace /> : <Outlet />;
}

/** The administration area: super-admins only (spec 01 §6); anyone else is sent home. */
export function RequireSuperAdmin() {
  const user = useCurrentUser();
  return user.extras.isSuperAdmin ? <Outlet /> : <Navigate to={HOME_PATH} replace />;
}
