import { createHash } from 'node:crypto';
import { html, joinHtml, styleElement, type Html } from '../../src/platform/html.js';

// The pages inline their one small stylesheet (no extra request); the CSP allows it by its hash.
const css = `body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem}h2{font-size:1.2rem;margin-top:2rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ddd}
input[type=email],input[type=text],input[type=search]{padding:.4rem;width:18rem;max-width:100%}button{padding:.4rem .9rem;cursor:pointer}
.note{background:#f4f4f6;padding:.75rem 1rem;border-radius:6px}.warn{background:#fff4e5}code.key{word-break:break-all;font-size:1.05rem}
form.inline{display:inline}nav{margin-bottom:1.5rem}nav a{margin-right:1rem}a{color:#0b57d0}
.muted{color:#666;font-size:.9rem}.tag{display:inline-block;background:#eef;border-radius:4px;padding:0 .4rem;font-size:.85rem}
.paid{background:#ffe8cc;color:#7a3e00;font-weight:600}.scroll{overflow-x:auto}.pre{white-space:pre-line}
ol.listings{list-style:none;padding:0}ol.listings li{padding:.5rem 0;border-bottom:1px solid #eee}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.facts dt{font-weight:600}
img.media{max-width:100%;height:auto}.mail pre{white-space:pre-wrap}@media (max-width:30rem){body{margin:1rem auto}dl.facts{grid-template-columns:1fr}}`;
const stylesheet = styleElement(css);

/** The Content-Security-Policy source that lets the inline stylesheet, and no other inline style, apply. */
export const stylesheetSource = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

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

export interface PageOptions extends PageMeta {
  /** The site's name, in the title and the navigation. */
  siteName: string;
}

/** The frame of every server-rendered page. */
export function page(title: string, body: Html, options: PageOptions): Html {
  const { siteName } = options;
  const documentTitle = options.documentTitle ?? `${title} · ${siteName}`;
  return html`<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${documentTitle}</title>${headMeta(siteName, documentTitle, options)}
  ${stylesheet}
</head>
<body>
<nav><a href="/">${siteName}</a><a href="/categories">Categories</a><a href="/leaderboards">Leaderboards</a><a href="/account">Account</a><a href="/docs">API</a></nav>
<h1>${title}</h1>
${body}
</body>
</html>`;
}

function headMeta(siteName: string, title: string, meta: PageMeta): Html {
  const named = (name: string, content: string | undefined) => content && html`<meta name="${name}" content="${content}">`;
  const property = (name: string, content: string | undefined) => content && html`<meta property="${name}" content="${content}">`;
  const tags = [named('description', meta.description), meta.noindex && named('robots', 'noindex')];
  if (meta.canonical) {
    tags.push(
      html`<link rel="canonical" href="${meta.canonical}">`,
      property('og:site_name', siteName),
      property('og:title', title),
      property('og:description', meta.description),
      property('og:type', meta.ogType ?? 'website'),
      property('og:url', meta.canonical),
      property('og:image', meta.image),
    );
  }
  return joinHtml(
    tags.map((tag) => tag && html`\n  ${tag}`),
    '',
  );
}

/** A POST form carrying the CSRF token. */
export function form(action: string, csrf: string, fields: Html | null, button: string, className?: string): Html {
  return html`<form method="post" action="${action}"${className && html` class="${className}"`}>
<input type="hidden" name="csrf" value="${csrf}">${fields}<button type="submit">${button}</button></form>`;
}

export function hidden(name: string, value: string): Html {
  return html`<input type="hidden" name="${name}" value="${value}">`;
}
