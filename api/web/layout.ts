import { escapeHtml } from './html.js';

const style = `body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ddd}
input[type=email],input[type=text],input[type=search]{padding:.4rem;width:18rem;max-width:100%}button{padding:.4rem .9rem;cursor:pointer}
.note{background:#f4f4f6;padding:.75rem 1rem;border-radius:6px}.warn{background:#fff4e5}code.key{word-break:break-all;font-size:1.05rem}
form.inline{display:inline}nav{margin-bottom:1.5rem}nav a{margin-right:1rem}a{color:#0b57d0}
.muted{color:#666;font-size:.9rem}.tag{display:inline-block;background:#eef;border-radius:4px;padding:0 .4rem;font-size:.85rem}
.paid{background:#ffe8cc;color:#7a3e00;font-weight:600}.scroll{overflow-x:auto}.pre{white-space:pre-line}
ol.listings{list-style:none;padding:0}ol.listings li{padding:.5rem 0;border-bottom:1px solid #eee}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.facts dt{font-weight:600}
img.media{max-width:100%;height:auto}@media (max-width:30rem){body{margin:1rem auto}dl.facts{grid-template-columns:1fr}}`;

/** What search engines and link previews read about a page. */
export interface PageMeta {
  /** The full <title>, when it should not be "<heading> · <site>". */
  documentTitle?: string;
  description?: string;
  /** Absolute URL of the page's one address. */
  canonical?: string;
  ogType?: 'website' | 'article';
  image?: string;
  noindex?: boolean;
}

/** The frame of every server-rendered page. `body` must already be escaped HTML. */
export function page(siteName: string, title: string, body: string, meta: PageMeta = {}): string {
  const documentTitle = meta.documentTitle ?? `${title} · ${siteName}`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${escapeHtml(documentTitle)}</title>${headMeta(siteName, documentTitle, meta)}
  <style>${style}</style>
</head>
<body>
<nav><a href="/">${escapeHtml(siteName)}</a><a href="/categories">Categories</a><a href="/leaderboards">Leaderboards</a><a href="/account">Account</a><a href="/docs">API</a></nav>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>`;
}

function headMeta(siteName: string, title: string, meta: PageMeta): string {
  const tags: string[] = [];
  const add = (attr: 'name' | 'property', key: string, value: string | undefined) => {
    if (value) tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}">`);
  };
  add('name', 'description', meta.description);
  if (meta.noindex) add('name', 'robots', 'noindex');
  if (meta.canonical) {
    tags.push(`<link rel="canonical" href="${escapeHtml(meta.canonical)}">`);
    add('property', 'og:site_name', siteName);
    add('property', 'og:title', title);
    add('property', 'og:description', meta.description);
    add('property', 'og:type', meta.ogType ?? 'website');
    add('property', 'og:url', meta.canonical);
    add('property', 'og:image', meta.image);
  }
  return tags.map((t) => `\n  ${t}`).join('');
}

/** A POST form carrying the CSRF token; `fields` must already be escaped HTML. */
export function form(action: string, csrf: string, fields: string, button: string, className = ''): string {
  return `<form method="post" action="${escapeHtml(action)}"${className ? ` class="${className}"` : ''}>
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">${fields}<button type="submit">${escapeHtml(button)}</button></form>`;
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
