import { useEffect } from 'react';
import { useSession } from '../app/session';

/** Sets the document title to "<page> - <site name>". */
export function usePageTitle(title: string): void {
  const { site } = useSession();
  useEffect(() => {
    document.title = title ? `${title} - ${site.general.name}` : site.general.name;
  }, [title, site.general.name]);
}
