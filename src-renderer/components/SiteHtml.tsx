/** The admin's custom header/footer HTML (admins are trusted; the server stores it as given). */
export function SiteHtml({ html }: { html: string }) {
  if (!html) return null;
  return <div className="site-html" dangerouslySetInnerHTML={{ __html: html }} />;
}
