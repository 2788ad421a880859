import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';

/** Pages opened from an e-mail link need its token `t`; without one the user goes back to /auth. */
export function RequireToken({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  if (!params.get('t')) return <Navigate to={PATHS.auth.root} replace />;
  return children;
}
