import { escapeHtml } from './html.js';

const style = `body{font:16px/1.5 system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}
h1{font-size:1.5rem}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #ddd}
input[type=email],input[type=text]{padding:.4rem;width:18rem;max-width:100%}button{padding:.4rem .9rem;cursor:pointer}
.note{background:#f4f4f6;padding:.75rem 1rem;border-radius:6px}.warn{background:#fff4e5}code.key{word-break:break-all;font-size:1.05rem}
form.inline{display:inline}nav{margin-bottom:1.5rem}nav a{margin-right:1rem}`;

/** The frame of every server-rendered page. `body` must already be escaped HTML. */
export function page(siteName: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>
  <style>${style}</style>
</head>
<body>
<nav><a href="/">${escapeHtml(siteName)}</a><a href="/account">Account</a><a href="/docs">API</a></nav>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>`;
}

/** A POST form carrying the CSRF token; `fields` must already be escaped HTML. */
export function form(action: string, csrf: string, fields: string, button: string, className = ''): string {
  return `<form method="post" action="${escapeHtml(action)}"${className ? ` class="${className}"` : ''}>
<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">${fields}<button type="submit">${escapeHtml(button)}</button></form>`;
}

export function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}
