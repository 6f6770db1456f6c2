const derived = new WeakMap<object, Map<string, unknown>>();

/**
 * What `derive` makes from `source`, made once per source object and key and dropped with it: the
 * HTML of a kept answer (decision 033), a key's subkeys. Once the source is replaced (an answer read
 * again, a key ring reloaded) the new object derives anew, so nothing outlives what it came from.
 */
export function derivedFrom<T>(source: object, key: string, derive: () => T): T {
  let made = derived.get(source);
  if (!made) derived.set(source, (made = new Map<string, unknown>()));
  if (!made.has(key)) made.set(key, derive());
  return made.get(key) as T;
}
