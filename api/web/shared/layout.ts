import { createHash } from 'node:crypto';
import { html, joinHtml, styleElement, type Html } from '../../../src/platform/html.js';
import { communityScript } from '../community/script.js';

// The pages inline their one small stylesheet (no extra request); the CSP allows it by its hash.
const css = `:root{color-scheme:light dark;--fg:#1d1d1f;--muted:#595959;--bg:#fff;--soft:#f4f4f6;--line:#ddd;--link:#0b57d0;--accent:#b3261e;--chip:#eef0fb;--paid-bg:#ffe8cc;--paid-fg:#6b3600}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#b4b4bb;--bg:#16161a;--soft:#24242b;--line:#3a3a44;--link:#8ab4f8;--accent:#ff8a80;--chip:#2c3050;--paid-bg:#4a2c00;--paid-fg:#ffd8a8}}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;color:var(--fg);background:var(--bg)}
h1{font-size:1.6rem;line-height:1.25}h2{font-size:1.2rem;margin-top:2rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem .5rem;border-bottom:1px solid var(--line)}
input[type=email],input[type=text],input[type=search],textarea,select{padding:.4rem;width:18rem;max-width:100%;font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px}textarea{width:100%}
button{padding:.4rem .9rem;cursor:pointer;font:inherit;border-radius:6px;border:1px solid var(--line);background:var(--soft);color:var(--fg)}
:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.note{background:var(--soft);padding:.75rem 1rem;border-radius:6px}.warn{background:var(--paid-bg);color:var(--paid-fg)}code.key{word-break:break-all;font-size:1.05rem}
form.inline{display:inline}nav{margin-bottom:1.5rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem;border-bottom:1px solid var(--line);padding-bottom:.5rem}nav a:first-child{font-weight:700}a{color:var(--link)}
.muted{color:var(--muted);font-size:.9rem}.tag,.chip{display:inline-block;background:var(--chip);color:var(--fg);border-radius:999px;padding:0 .55rem;font-size:.85rem;text-decoration:none}
.paid{background:var(--paid-bg);color:var(--paid-fg);font-weight:700}.scroll{overflow-x:auto}.pre{white-space:pre-line}
ol.listings{list-style:none;padding:0}ol.listings li{display:flex;align-items:center;gap:.75rem;padding:.6rem 0;border-bottom:1px solid var(--line)}
.rank{min-width:2.2rem;font-weight:700;font-size:1.1rem;text-align:right;color:var(--muted)}.row-main{flex:1;min-width:0;overflow-wrap:anywhere}
.logo{flex:none;width:48px;height:48px;border-radius:10px;object-fit:cover;overflow:hidden;background:var(--soft);display:inline-flex;align-items:center;justify-content:center;font-weight:700;color:var(--muted);font-size:1.3rem}
.logo.big{width:72px;height:72px}.votes{flex:none;font-weight:600;white-space:nowrap;border:1px solid var(--line);border-radius:8px;padding:.2rem .6rem}
.head{display:flex;gap:1rem;align-items:center}.actions{display:flex;flex-wrap:wrap;gap:.5rem;margin:1rem 0}.actions form{margin:0}
button.toggle{font-weight:600;min-height:2.75rem}button.vote{border-color:var(--accent);color:var(--accent)}button.vote[aria-pressed=true]{background:var(--accent);color:var(--bg)}
button.follow[aria-pressed=true]{background:var(--link);border-color:var(--link);color:var(--bg)}.count{font-variant-numeric:tabular-nums;margin-left:.35rem}
ul.reviews{list-style:none;padding:0}ul.reviews li{border-bottom:1px solid var(--line);padding:.5rem 0}.stars{color:var(--accent);letter-spacing:.1em}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.facts dt{font-weight:600}.badge-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr));gap:1rem}
.badge-grid figure{margin:0;padding:.75rem;border:1px solid var(--line);border-radius:8px}.badge-grid textarea{font:12px/1.4 ui-monospace,monospace}
.pair{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:1rem;align-items:start}.pair .scroll{max-height:24rem}
svg.chart{width:100%;height:auto;font-size:13px}.chart .grid{stroke:var(--line)}.chart .scale,.chart .value{fill:var(--muted)}.column{fill:var(--link)}
.line{fill:none;stroke-width:2.5}.line-0{stroke:var(--accent)}.line-1{stroke:var(--fg)}.line-2{stroke:var(--paid-fg)}.line-3{stroke:var(--muted)}ul.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}svg.swatch{width:28px;height:10px}
main a,main code{overflow-wrap:anywhere}img.media{max-width:100%;height:auto}.mail pre{white-space:pre-wrap}.post img{max-width:100%;height:auto}.post pre{overflow-x:auto;background:var(--soft);padding:.5rem}
@media (max-width:30rem){body{margin:1rem auto}.pair{grid-template-columns:1fr}svg.chart{font-size:20px}dl.facts{grid-template-columns:1fr}.logo{width:40px;height:40px}.rank{min-width:1.6rem}h1{font-size:1.35rem}}`;
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
  <script src="${communityScript.path}" integrity="${communityScript.integrity}" defer></script>
</head>
<body>
<nav aria-label="Site"><a href="/">${siteName}</a><a href="/launches">Launches</a><a href="/categories">Categories</a><a href="/leaderboards">Leaderboards</a><a href="/awards">Awards</a><a href="/founders">Founders</a><a href="/blog">Blog</a><a href="/submit">Submit</a><a href="/account">Account</a><a href="/docs">API</a></nav>
<main>
<h1>${title}</h1>
${body}
</main>
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
