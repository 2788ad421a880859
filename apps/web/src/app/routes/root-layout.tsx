import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { takeOverPrerenderedPage } from '../../lib/prerendered-page.ts';

/** Common root of every route; the place for concerns that outlive a page. */
export function RootLayout() {
  // The first page the router renders replaces the prerendered login page, in the same frame.
  useLayoutEffect(takeOverPrerenderedPage, []);
  return <Outlet />;
}
