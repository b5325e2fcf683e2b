/**
 * The "crawled text" of a page that evidence quotes are checked against: its visible text plus
 * the machine-readable facts the crawler read from it, one per line ("title: ...",
 * "og:title: ...", "foundingDate: 2019", "link: https://...", "email: ...", "logo: ...").
 * Matching is whitespace-normalised and case-sensitive; typographic quotes and dashes are folded
 * to their ASCII forms because models routinely swap them.
 */
export interface PageEvidence {
  url: string;
  title: string | null;
  meta: Record<string, string>;
  jsonLd: unknown[];
  links: string[];
  emails: string[];
  media: string[];
  logoUrl: string | null;
  text: string;
}

export function normaliseForMatch(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u2018\u2019\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/(?:[\s\u00a0\u200b\u200c\ufeff]|\u200d)+/g, ' ')
    .trim();
}

/** Every string or number leaf of JSON-LD as "key: value", keyed by its nearest property name. */
export function jsonLdLines(value: unknown, key = 'value', out: string[] = []): string[] {
  if (typeof value === 'string' || typeof value === 'number') out.push(`${key}: ${value}`);
  else if (Array.isArray(value)) for (const item of value) jsonLdLines(item, key, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) jsonLdLines(v, k, out);
  }
  return out;
}

/** The page's crawled text line by line, as shown to a model and searched by the verifier. */
export function evidenceLinesOf(page: PageEvidence): string[] {
  return [
    ...(page.title ? [`title: ${page.title}`] : []),
    ...Object.entries(page.meta).map(([k, v]) => `${k}: ${v}`),
    ...page.jsonLd.flatMap((block) => jsonLdLines(block)),
    ...page.links.map((l) => `link: ${l}`),
    ...page.emails.map((e) => `email: ${e}`),
    ...page.media.map((m) => `video: ${m}`),
    ...(page.logoUrl ? [`logo: ${page.logoUrl}`] : []),
    page.text,
  ];
}

export function evidenceTextOf(page: PageEvidence): string {
  return normaliseForMatch(evidenceLinesOf(page).join('\n'));
}

/** Page URLs compare without their fragment. */
export function pageKey(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}
