import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberLocation } from '../../lib/last-location.ts';
import { PATHS } from '../../lib/paths.ts';
import { signedOutPath } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';

/**
 * /admin/* needs a session (spec §2). A deep link opened while signed out is remembered, so the
 * user lands on it after signing in (within the 120 s of spec §9).
 */
export function RequireSession() {
  const { tokens } = useSession();
  const location = useLocation();
  if (!tokens) {
    const path = `${location.pathname}${location.search}${location.hash}`;
    if (path !== PATHS.admin.root && path !== `${PATHS.admin.root}/`) rememberLocation(path);
    return <Navigate to={signedOutPath()} replace />;
  }
  return <Outlet />;
}
