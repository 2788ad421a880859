// Inlined into the prerendered login page (prerender-login-plugin.ts), which is usable as plain HTML:
// its modules are fetched once it has painted (modulepreload) but evaluated only at the first sign of
// use (focus, pointer, key) or after a few idle seconds, so nothing long runs between the first paint
// and the person's first action. When the app's page mounts (src/lib/prerendered-page.ts), what was
// done here is carried into it: values typed, boxes ticked, the focus, a button clicked or still held
// down, a submit held back. It lives in the page rather than in the app's bundle because it belongs to
// the page's markup.
(() => {
  const IDLE_MS = 4000;
  const TRIGGERS = ['focusin', 'pointerdown', 'keydown', 'touchstart'];
  const CONTROLS = 'input, button';
  const page = document.getElementById('prerendered-page');
  const preloads = document.getElementById('app-preloads');
  const entry = preloads?.content.querySelector('link[data-app-entry]')?.getAttribute('href');
  if (!page || !entry) return;
  // The modules are fetched from the frame after the first paint, which nothing on the page waits for.
  requestAnimationFrame(() => setTimeout(() => document.head.append(preloads.content)));
  let isBooting = false;
  const boot = () => {
    if (isBooting) return;
    isBooting = true;
    for (const type of TRIGGERS) removeEventListener(type, boot, true);
    import(entry).catch(() => {
      // A failed download: the next sign of use tries again.
      isBooting = false;
      for (const type of TRIGGERS) addEventListener(type, boot, { capture: true, passive: true });
    });
  };
  for (const type of TRIGGERS) addEventListener(type, boot, { capture: true, passive: true });
  const bootWhenIdle = () =>
    'requestIdleCallback' in window ? requestIdleCallback(boot, { timeout: 1000 }) : boot();
  addEventListener('load', () => setTimeout(bootWhenIdle, IDLE_MS));

  let isSubmitRequested = false;
  let clicked = null;
  // A press starts the app (TRIGGERS), which may take over before the release: the release then lands
  // on the app's button, which never saw the press, and no click follows. A button pressed here counts
  // as pressed there (a submit as a submit held back).
  let pressed = null;
  const pressedButton = (event) => {
    const isPress =
      event.type === 'pointerdown' ? event.button === 0 : event.key === ' ' || event.key === 'Enter';
    if (isPress && event.target instanceof Element) pressed = event.target.closest('button');
  };
  page.addEventListener('pointerdown', pressedButton);
  page.addEventListener('keydown', pressedButton);
  // Released before the app took over: the click follows at once, or the press was given up.
  for (const type of ['pointerup', 'keyup']) addEventListener(type, () => (pressed = null), true);
  // Without the app the form has no action: a native submit would put the password in the address.
  page.addEventListener('submit', (event) => {
    event.preventDefault();
    isSubmitRequested = true;
    boot();
  });
  page.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (button) clicked = button;
  });

  // The two renders of the page have the same controls in the same order, not the same ids (useId).
  const signature = (control) =>
    control.tagName === 'BUTTON'
      ? `button:${control.type}`
      : `input:${control.type}:${control.type === 'radio' ? control.value : control.name}`;
  // As typing does: the element's own setter, then an `input` event, which React's onChange hears.
  const typeInto = (input, value) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const moveFocus = (source, target) => {
    target.focus({ preventScroll: true });
    try {
      if (source.selectionStart !== null)
        target.setSelectionRange(source.selectionStart, source.selectionEnd);
    } catch {
      // A type without a caret (email): the focus alone is kept.
    }
  };
  page.addEventListener('takeover', () => {
    const app = document.getElementById('root');
    if (!app) return;
    const after = app.querySelectorAll(CONTROLS);
    const replays = [];
    if (pressed?.type === 'submit') isSubmitRequested = true;
    else if (pressed) clicked = pressed;
    page.querySelectorAll(CONTROLS).forEach((source, index) => {
      const target = after[index];
      if (!target || signature(target) !== signature(source)) return;
      if (source.type === 'checkbox' || source.type === 'radio') {
        // A click chooses a radio button, never unchooses one: only the chosen one is replayed.
        const isReplayable = source.type === 'checkbox' || source.checked;
        if (isReplayable && source.checked !== source.defaultChecked && source.checked !== target.checked) {
          target.click();
        }
      } else if (
        source.tagName === 'INPUT' &&
        source.value !== source.defaultValue &&
        source.value !== target.value
      ) {
        typeInto(target, source.value);
      }
      if (source === document.activeElement) moveFocus(source, target);
      if (source === clicked) replays.push(() => target.click());
    });
    const form = page.querySelector('form');
    const appForm = form?.name && app.querySelector(`form[name="${form.name}"]`);
    if (isSubmitRequested && appForm) replays.push(() => appForm.requestSubmit());
    // After the app has rendered what was carried over, so that its handlers see the values.
    if (replays.length > 0) {
      setTimeout(() => {
        for (const replay of replays) replay();
      });
    }
  });
})();
