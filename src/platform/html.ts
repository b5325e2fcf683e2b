/**
 * Markup is built only with the `html` tagged template: every value it interpolates is escaped
 * unless it is already `Html`, so text from a listing, a form or a URL can never become markup.
 */

const minted = Symbol('Html');

/** A fragment of markup this program wrote. Only this module makes one: a string never passes for it. */
export class Html {
  readonly #text: string;

  constructor(proof: typeof minted, text: string) {
    if (proof !== minted) throw new TypeError('Html is made by the html template only');
    this.#text = text;
  }

  toString(): string {
    return this.#text;
  }
}

/** What a template may interpolate: null, undefined and false render nothing; arrays are joined. */
export type HtmlValue = Html | string | number | null | undefined | false | readonly HtmlValue[];

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const special = /[&<>"']/;

function escape(text: string): string {
  // Most text has nothing to escape: a test is cheaper than a replace that makes a new string.
  return special.test(text) ? text.replace(/[&<>"']/g, (c) => entities[c]) : text;
}

/** Whether a link may point there: http(s), mailto or a relative address; javascript:, data: and the rest are refused. */
export function isSafeUrl(url: string): boolean {
  // Browsers ignore control characters and spaces in a scheme ("java\tscript:"), so the check does too.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/[\p{Cc}\s]/gu, ''));
  return !scheme || ['http', 'https', 'mailto'].includes(scheme[1].toLowerCase());
}

/** Where a value stands in the template, which decides how it is written. */
type Hole = 'text' | 'attribute' | 'url' | 'tag';

const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite']);
const holesByTemplate = new WeakMap<TemplateStringsArray, Hole[]>();

/**
 * Reads the template's fixed text once per call site and says where each value stands. Refuses
 * at first use what escaping cannot make safe: unquoted attribute values, values inside
 * <script> or <style>, and a value after the start of a URL that fixes no scheme or path.
 */
function holesOf(strings: TemplateStringsArray): Hole[] {
  let state: 'text' | 'tag' | 'raw' | '"' | "'" = 'text';
  let tag = '';
  let attribute = '';
  let value = '';
  const holes: Hole[] = [];
  strings.forEach((part, index) => {
    for (let i = 0; i < part.length; i++) {
      const c = part[i];
      if (state === 'text') {
        if (c === '<' && /[a-z/!]/i.test(part[i + 1] ?? '')) [state, tag] = ['tag', ''];
      } else if (state === 'tag') {
        if (c === '>') state = /^(script|style)\b/i.test(tag) ? 'raw' : 'text';
        else if (c === '"' || c === "'") {
          attribute = /([^\s"'<>/=]+)\s*=\s*$/.exec(tag)?.[1].toLowerCase() ?? '';
          [state, value] = [c, ''];
        } else tag += c;
      } else if (state === 'raw') {
        if (c === '<' && /^<\/(script|style)\b/i.test(part.slice(i))) [state, tag] = ['tag', ''];
      } else if (c === state) [state, tag] = ['tag', `${tag}""`];
      else value += c;
    }
    if (index === strings.length - 1) return;
    holes.push(holeAt());
  });
  return holes;

  function holeAt(): Hole {
    if (state === 'text') return 'text';
    if (state === 'raw') throw new Error('html: no values inside <script> or <style>');
    if (state === 'tag') {
      if (/=\s*$/.test(tag)) throw new Error('html: quote attribute values');
      return 'tag';
    }
    if (!urlAttributes.has(attribute)) return 'attribute';
    const fixed = /[:/?#]/.test(value);
    if (!fixed && value) throw new Error(`html: a value inside ${attribute}="" must follow a fixed scheme or path`);
    value += '\0';
    return fixed ? 'attribute' : 'url';
  }
}

function write(value: HtmlValue, hole: Hole): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map((v: HtmlValue) => write(v, hole)).join('');
  if (value instanceof Html) {
    if (hole === 'text' || hole === 'tag') return value.toString();
    throw new TypeError('html: an attribute value takes text, not markup');
  }
  if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`html: cannot write a ${typeof value}`);
  const text = String(value);
  if (hole === 'tag' && text) throw new TypeError('html: only markup may stand between attributes');
  if (hole === 'url' && !isSafeUrl(text)) throw new Error(`html: refused link address ${JSON.stringify(text.slice(0, 40))}`);
  return escape(text);
}

/** The tagged template: `html\`<a href="${url}">${name}</a>\`` escapes url and name, and checks url's scheme. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let holes = holesByTemplate.get(strings);
  if (!holes) {
    holes = holesOf(strings);
    holesByTemplate.set(strings, holes);
  }
  let text = strings[0];
  for (let i = 0; i < values.length; i++) text += write(values[i], holes[i]) + strings[i + 1];
  return new Html(minted, text);
}

/** The app's own stylesheet as a <style> element: CSS is not escaped, so it must not be able to end the element. */
export function styleElement(css: string): Html {
  if (/<\/style/i.test(css)) throw new Error('html: a stylesheet cannot contain "</style"');
  return new Html(minted, `<style>${css}</style>`);
}

/** Joins fragments (and escaped text) with a separator; parts that render nothing are left out. */
export function joinHtml(values: readonly HtmlValue[], separator: Html | string): Html {
  const parts = values.map((v) => write(v, 'text')).filter(Boolean);
  return new Html(minted, parts.join(write(separator, 'text')));
}

/**
 * Markup that comes from outside the program (a blog post's Markdown rendered to HTML) becomes
 * Html only through a sanitizer: an allowlist of elements, attributes and link schemes.
 */
export function sanitizedHtml(markup: string, sanitize: (dirty: string) => string): Html {
  return new Html(minted, sanitize(markup));
}
