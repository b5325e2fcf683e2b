/**
 * Which same-site page to read next. Pages that state the facts a profile needs come first
 * (about, pricing, features, FAQ, contact, team), then shallow pages before deep ones.
 */
const factPages =
  /(^|[/_-])(about|about-us|company|story|pricing|prices|plans|features|product|how-it-works|faq|faqs|help|contact|contact-us|team|founders|people)([/_.-]|$)/i;
const notPages = /\.(pdf|png|jpe?g|gif|webp|svg|ico|css|js|mjs|json|xml|txt|zip|gz|mp4|webm|mov|mp3|woff2?|ttf)$/i;

export function siteKeyOf(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, '');
}

export function isSameSite(a: URL, b: URL): boolean {
  return siteKeyOf(a) === siteKeyOf(b);
}

/** Lower is earlier; null for links that are not pages worth reading. */
export function pagePriority(url: URL): number | null {
  if (notPages.test(url.pathname)) return null;
  const depth = url.pathname.split('/').filter(Boolean).length;
  const query = url.search ? 50 : 0;
  return (factPages.test(url.pathname) ? 0 : 100) + depth * 10 + query;
}

/** The page identity used to avoid reading one page twice. */
export function visitKeyOf(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  copy.protocol = 'https:';
  copy.hostname = copy.hostname.replace(/^www\./, '');
  return copy.href.replace(/\/(index\.html?)?$/, '');
}
