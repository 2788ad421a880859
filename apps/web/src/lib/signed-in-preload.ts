/**
 * What the signed-in home needs (the shell's and the dashboard's chunks, their texts), fetched while
 * the user is still typing the password, so pressing "Entrar" waits for the API alone. The app
 * registers the loader because only it knows the routes' modules; the login form starts it once.
 */
let load: (() => void) | undefined;
let hasStarted = false;

export function setSignedInPreload(loader: (() => void) | undefined): void {
  load = loader;
  hasStarted = false;
}

export function preloadSignedIn(): void {
  if (hasStarted || !load) return;
  hasStarted = true;
  load();
}
