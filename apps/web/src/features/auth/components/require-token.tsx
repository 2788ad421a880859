import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';

/** Pages opened from an e-mail link need its token `t`; without one the user goes back to /auth. */
export function RequireToken({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  if (!params.get('t')) return <Navigate to="/auth" replace />;
  return children;
}
