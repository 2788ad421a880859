/**
 * The server sends the login page prerendered (prerender-login-plugin.ts) so that it paints before
 * any script runs; the app's own page calls this as it mounts, before the browser paints again, and
 * the static picture gives way to the working page in the same frame.
 */
export function takeOverPrerenderedPage(): void {
  document.getElementById('prerendered-page')?.remove();
}
