import { Outlet } from 'react-router';

/** Common root of every route; the place for concerns that outlive a page (none need UI yet). */
export function RootLayout() {
  return <Outlet />;
}
