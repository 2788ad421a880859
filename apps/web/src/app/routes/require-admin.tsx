import { isAdminProfile } from '@scentia/shared/validators';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/use-session.ts';
import NotFoundPage from './not-found-page.tsx';

/**
 * ADMIN-only pages (spec §2: /admin/perfis "exists only for ADMIN"). Anyone else gets the not-found
 * page, as for any path that does not exist for them; the API refuses them the data with 403.
 */
export default function RequireAdmin() {
  const { user } = useSession();
  if (isAdminProfile(user?.profile.nome)) return <Outlet />;
  return <NotFoundPage />;
}
