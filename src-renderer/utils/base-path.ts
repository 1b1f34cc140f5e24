declare global {
  interface Window {
    /** Injected by the server into index.html: '' or '/prefix'. */
    __LANTERN_BASE__?: string;
  }
}

/** The base path the app is served under ('' at the root). */
export function basePath(): string {
  return typeof window !== 'undefined' && typeof window.__LANTERN_BASE__ === 'string' ? window.__LANTERN_BASE__ : '';
}
