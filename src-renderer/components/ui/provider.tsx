import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';

/** The UI kit's settings for everything inside (PrimeReact's, with its ripple effect off). */
export function UiProvider({ children }: { children: ReactNode }) {
  return <PrimeReactProvider value={{ ripple: false }}>{children}</PrimeReactProvider>;
}
