/**
 * The server sends the login page prerendered (prerender-login-plugin.ts): it paints before any
 * script runs and works as a plain form until the app boots. The app's own page calls this as it
 * mounts, before the browser paints again: the page's own script (login-boot.js) carries what was
 * typed into the app's page on `takeover`, and the prerendered page gives way in the same frame.
 */
export function takeOverPrerenderedPage(): void {
  const prerendered = document.getElementById('prerendered-page');
  prerendered?.dispatchEvent(new Event('takeover'));
  prerendered?.remove();
}
