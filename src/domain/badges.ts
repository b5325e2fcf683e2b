/**
 * Badge images (SVG) and their HTML embed code. Pure: the caller supplies names and addresses.
 * Every shape x mode x size has a stable URL; `auto` follows the viewer's prefers-color-scheme.
 */

export const badgeShapes = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
export const badgeModes = ['light', 'dark', 'auto'] as const;
export const badgeSizes = ['s', 'm', 'l'] as const;
export type BadgeShape = (typeof badgeShapes)[number];
export type BadgeMode = (typeof badgeModes)[number];
export type BadgeSize = (typeof badgeSizes)[number];

export interface BadgeStyle {
  shape: BadgeShape;
  mode: BadgeMode;
  size: BadgeSize;
}

/** The badge get_badges answers by default, and the one the owner view offers to paste. */
export const standardBadge: BadgeStyle = { shape: 'standard', mode: 'auto', size: 'm' };

export interface BadgeSubject {
  siteName: string;
  listingName: string;
  listingSlug: string;
  /** Public page of the listing: the badge links there. */
  listingUrl: string;
  /** Origin of the site, e.g. https://example.org (no trailing slash). */
  publicUrl: string;
}

/** The attribute an embed carries so that a later check can recognise it on the owner's page. */
export const badgeMarker = 'data-launch-directory-badge';

const scales: Record<BadgeSize, number> = { s: 0.8, m: 1, l: 1.3 };
const baseSizes: Record<BadgeShape, { width: number; height: number }> = {
  standard: { width: 250, height: 54 },
  outline: { width: 250, height: 54 },
  pill: { width: 250, height: 54 },
  banner: { width: 468, height: 60 },
  square: { width: 120, height: 120 },
};
const palettes = {
  light: { bg: '#ffffff', fg: '#1f2937', sub: '#6b7280', accent: '#e8503a', line: '#d1d5db' },
  dark: { bg: '#111827', fg: '#f9fafb', sub: '#9ca3af', accent: '#ff7a66', line: '#4b5563' },
};

export function badgeDimensions(style: BadgeStyle): { width: number; height: number } {
  const base = baseSizes[style.shape];
  const scale = scales[style.size];
  return { width: Math.round(base.width * scale), height: Math.round(base.height * scale) };
}

export function badgeFileName(style: BadgeStyle): string {
  return `${style.shape}-${style.mode}-${style.size}.svg`;
}

/** Parses a badge file name back into its style, or null when it names none. */
export function parseBadgeFileName(file: string): BadgeStyle | null {
  const m = /^([a-z]+)-([a-z]+)-([a-z])\.svg$/.exec(file);
  if (!m) return null;
  const [shape, mode, size] = [m[1], m[2], m[3]];
  if (!(badgeShapes as readonly string[]).includes(shape)) return null;
  if (!(badgeModes as readonly string[]).includes(mode)) return null;
  if (!(badgeSizes as readonly string[]).includes(size)) return null;
  return { shape, mode, size } as BadgeStyle;
}

export function badgeImageUrl(subject: Pick<BadgeSubject, 'publicUrl' | 'listingSlug'>, style: BadgeStyle): string {
  return `${subject.publicUrl}/badges/${subject.listingSlug}/${badgeFileName(style)}`;
}

export function allBadgeStyles(): BadgeStyle[] {
  return badgeShapes.flatMap((shape) => badgeModes.flatMap((mode) => badgeSizes.map((size) => ({ shape, mode, size }))));
}

/** HTML to paste on the product's homepage: a link to the listing page around the badge image. */
export function badgeEmbedHtml(subject: BadgeSubject, style: BadgeStyle): string {
  const { width, height } = badgeDimensions(style);
  const alt = `${subject.listingName} - featured on ${subject.siteName}`;
  return (
    `<a href="${escapeXml(subject.listingUrl)}" ${badgeMarker}="${escapeXml(subject.listingSlug)}" target="_blank" rel="noopener">` +
    `<img src="${escapeXml(badgeImageUrl(subject, style))}" alt="${escapeXml(alt)}" width="${width}" height="${height}"></a>`
  );
}

/**
 * Whether a page's HTML carries the badge of this listing: a link to the listing page, or the
 * badge image of this listing. The free-plan check uses this on the owner's homepage.
 */
export function hasBadgeEmbed(html: string, subject: Pick<BadgeSubject, 'listingUrl' | 'listingSlug' | 'publicUrl'>): boolean {
  const wanted = subject.listingUrl.replace(/\/+$/, '');
  const imagePrefix = `${subject.publicUrl}/badges/${subject.listingSlug}/`;
  for (const m of html.matchAll(/\b(href|src)\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const value = decodeEntities(m[3] ?? m[4] ?? '').trim();
    if (m[1].toLowerCase() === 'href' && value.replace(/\/+$/, '') === wanted) return true;
    if (m[1].toLowerCase() === 'src' && value.startsWith(imagePrefix)) return true;
  }
  return false;
}

export function badgeSvg(subject: Pick<BadgeSubject, 'siteName' | 'listingName'>, style: BadgeStyle): string {
  const { width, height } = badgeDimensions(style);
  const base = baseSizes[style.shape];
  const site = escapeXml(subject.siteName);
  const listing = escapeXml(truncate(subject.listingName, style.shape === 'banner' ? 40 : 18));
  const radius = style.shape === 'pill' ? base.height / 2 : style.shape === 'square' ? 14 : 8;
  // An outline badge shows the page behind it; an inline style outranks the palette's fill.
  const transparent = style.shape === 'outline' ? ' style="fill:none"' : '';
  const frame = `<rect class="frame" x="1" y="1" width="${base.width - 2}" height="${base.height - 2}" rx="${radius}"${transparent}/>`;
  const body =
    style.shape === 'square' ? squareBody(site, listing) : style.shape === 'banner' ? bannerBody(site, listing) : rowBody(site);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${base.width} ${base.height}" role="img" aria-label="Featured on ${site}">` +
    `<title>${listing} - featured on ${site}</title><style>${css(style.mode)}</style>${frame}${body}</svg>`
  );
}

function rowBody(site: string): string {
  return (
    `${mark(14, 11)}<text class="sub" x="60" y="22" font-size="10" letter-spacing="1">FEATURED ON</text>` +
    `<text class="fg" x="60" y="41" font-size="17" font-weight="700">${site}</text>`
  );
}

function bannerBody(site: string, listing: string): string {
  return (
    `${mark(14, 14)}<text class="sub" x="60" y="25" font-size="11" letter-spacing="1">LAUNCHED ON ${site.toUpperCase()}</text>` +
    `<text class="fg" x="60" y="45" font-size="17" font-weight="700">${listing}</text>`
  );
}

function squareBody(site: string, listing: string): string {
  return (
    `${mark(42, 14)}<text class="sub" x="60" y="76" font-size="9" text-anchor="middle" letter-spacing="1">FEATURED ON</text>` +
    `<text class="fg" x="60" y="93" font-size="12" font-weight="700" text-anchor="middle">${site}</text>` +
    `<text class="sub" x="60" y="108" font-size="9" text-anchor="middle">${listing}</text>`
  );
}

/** The site's mark: a circle with an upward arrow (a launch). */
function mark(x: number, y: number): string {
  return (
    `<circle class="accent" cx="${x + 18}" cy="${y + 16}" r="16"/>` +
    `<path fill="#ffffff" d="M${x + 18} ${y + 6} l8 10 h-5 v8 h-6 v-8 h-5 z"/>`
  );
}

function css(mode: BadgeMode): string {
  const rules = (p: (typeof palettes)['light']) =>
    `.frame{fill:${p.bg};stroke:${p.line};stroke-width:1.5}.fg{fill:${p.fg}}.sub{fill:${p.sub}}.accent{fill:${p.accent}}`;
  const font = 'text{font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}';
  if (mode !== 'auto') return font + rules(palettes[mode]);
  return `${font}${rules(palettes.light)}@media (prefers-color-scheme: dark){${rules(palettes.dark)}}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
}
