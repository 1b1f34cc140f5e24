import { useEffect, useRef } from 'react';

/** A post's HTML as the server rendered and sanitised it; images that fail to load get the broken-image marker. */
export function PostHtml({ html, className = 'post-body' }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // error events do not bubble, so they are caught on the way down
    const onError = (e: Event) => {
      if (e.target instanceof HTMLImageElement) e.target.dataset.broken = 'true';
    };
    el.addEventListener('error', onError, true);
    return () => el.removeEventListener('error', onError, true);
  }, []);
  return <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
