/** The base path the app is served under ('' at the root): the server names it in <meta name="lantern-base">. */
export function basePath(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector('meta[name="lantern-base"]')?.getAttribute('content') ?? '';
}
