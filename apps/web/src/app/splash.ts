import { SPLASH_HIDE_MS } from '@scentia/shared/constants';

const FADE_MS = 400;

/** The splash of index.html stays 1 s after the app mounts (spec §9), then fades out. */
export function hideSplashLater(): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  setTimeout(() => {
    splash.classList.add('is-hidden');
    setTimeout(() => splash.remove(), FADE_MS);
  }, SPLASH_HIDE_MS);
}
