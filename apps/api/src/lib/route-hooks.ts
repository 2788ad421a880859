/**
 * A route's hooks of one kind with `hook` added last, however the route declared its own (none, one
 * function, or a list). Plugins add a hook this way, from `onRoute`, to the routes that need it only:
 * a hook added to the whole instance runs on every request, even where it returns at once.
 */
export function withRouteHook<Hook>(declared: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  if (declared === undefined) return [hook];
  return Array.isArray(declared) ? [...declared, hook] : [declared, hook];
}

/** The same with `hook` first, before the hooks the route declared or other plugins added. */
export function withRouteHookFirst<Hook>(declared: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  if (declared === undefined) return [hook];
  return Array.isArray(declared) ? [hook, ...declared] : [hook, declared];
}
