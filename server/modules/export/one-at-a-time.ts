/**
 * A guard letting one run at a time per key (a site's database, an app): `claim(key)` returns the
 * release, or throws `refuse()` while the key is held.
 */
export function oneAtATime<K extends object>(refuse: () => Error): (key: K) => () => void {
  const held = new WeakSet<K>();
  return (key) => {
    if (held.has(key)) throw refuse();
    held.add(key);
    return () => held.delete(key);
  };
}
