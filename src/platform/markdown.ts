import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { sanitizedHtml, type Html } from './html.js';

// Raw HTML in the source stays text; the sanitizer is the second wall, not the only one.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    's',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
    th: ['style'],
    td: ['style'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // A post's own h1 would compete with the page's title, so headings start at h2.
  transformTags: {
    h1: 'h2',
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow ugc noopener' }),
    img: sanitizeHtml.simpleTransform('img', { loading: 'lazy' }),
  },
};

/** A blog post's Markdown as safe HTML: rendered by markdown-it, then cleaned by sanitize-html. */
export function renderMarkdown(source: string): Html {
  return sanitizedHtml(markdown.render(source), (dirty) => sanitizeHtml(dirty, allowed));
}
