import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Holds the user on a page with unsaved changes: navigation inside the app (links, the menu, the
 * browser's Back and Forward) is blocked until they confirm, and closing or reloading the tab asks
 * through the browser's own dialog. `shouldBlock` is read when the navigation happens, so a save can
 * lift the guard right before it navigates away.
 */
export function useLeaveGuard(shouldBlock: () => boolean, isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers only ask when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return blocker;
}
