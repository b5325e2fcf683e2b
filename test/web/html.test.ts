import { Html, html, isSafeUrl, joinHtml, styleElement } from '../../src/platform/html.js';

describe('html tagged template', () => {
  const hostile = `<script>alert("x")</script> & 'y'`;
  const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;';

  it('escapes < > & " and \' in text and in quoted attributes', () => {
    expect(html`<p>${hostile}</p>`.toString()).toBe(`<p>${escaped}</p>`);
    expect(html`<input value="${hostile}" title='${hostile}'>`.toString()).toBe(`<input value="${escaped}" title='${escaped}'>`);
    expect(html`<a href="/x" title="${'" onmouseover="alert(1)'}">`.toString()).toBe(
      '<a href="/x" title="&quot; onmouseover=&quot;alert(1)">',
    );
  });

  it('keeps nested Html as markup, escaped once', () => {
    const inner = html`<b>${'a & b'}</b>`;
    expect(html`<p>${inner}</p>`.toString()).toBe('<p><b>a &amp; b</b></p>');
    expect(html`<div>${html`<p>${html`<i>${'<'}</i>`}</p>`}</div>`.toString()).toBe('<div><p><i>&lt;</i></p></div>');
  });

  it('joins arrays, escaping their strings, and renders null, undefined and false as nothing', () => {
    expect(html`<ul>${['<a>', html`<li>b</li>`, ['c', html`<br>`]]}</ul>`.toString()).toBe('<ul>&lt;a&gt;<li>b</li>c<br></ul>');
    expect(html`<p>${null}${undefined}${false}${0}${1.5}${''}</p>`.toString()).toBe('<p>01.5</p>');
    expect(joinHtml([html`<i>a</i>`, null, 'b&c', false, html``], html`<hr>`).toString()).toBe('<i>a</i><hr>b&amp;c');
    expect(joinHtml(['x', 'y'], ' · ').toString()).toBe('x · y');
  });

  it('cannot be forged from a string', () => {
    const forged = { toString: () => '<script>' } as unknown as Html;
    expect(() => html`<p>${forged}</p>`).toThrow(TypeError);
    expect(() => new (Html as unknown as new (a: unknown, b: string) => Html)(Symbol('Html'), '<script>')).toThrow(TypeError);
    expect(html`${html`<b>`}`).toBeInstanceOf(Html);
  });

  it('refuses values it cannot make safe', () => {
    expect(() => html`<p>${true as unknown as string}</p>`).toThrow(TypeError);
    expect(() => html`<a href=${'/x'}>`).toThrow(/quote attribute values/);
    expect(() => html`<input ${'autofocus onfocus=alert(1)'}>`).toThrow(/only markup/);
    expect(() => html`<p title="${html`<b>`}">`).toThrow(/takes text/);
    expect(() => html`<script>${'1'}</script>`).toThrow(/script/);
    expect(() => html`<style>${'a{}'}</style>`).toThrow(/style/);
    expect(html`<form${html` class="inline"`}${''}>`.toString()).toBe('<form class="inline">');
    expect(html`<script src="/a.js"></script><p>${'<'}</p>`.toString()).toBe('<script src="/a.js"></script><p>&lt;</p>');
  });

  it('lets only http(s), mailto and relative addresses into href, src and action', () => {
    for (const ok of [
      'https://example.org/a?b=1&c=2',
      'http://x.test',
      'mailto:a@b.test',
      '/listings/a',
      '?page=2',
      '#top',
      'page',
      '//cdn.test/x',
      '',
    ]) {
      expect(isSafeUrl(ok)).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:x',
      '\u0001javascript:x',
      'data:text/html,<script>',
      'vbscript:x',
      'file:///etc/passwd',
      'blob:x',
    ]) {
      expect(isSafeUrl(bad)).toBe(false);
      expect(() => html`<a href="${bad}">x</a>`).toThrow(/refused link address/);
      expect(() => html`<img src="${bad}">`).toThrow(/refused link address/);
      expect(() => html`<form action='${bad}'></form>`).toThrow(/refused link address/);
    }
    expect(html`<a href="${'https://x.test/?a=1&b="2"'}">`.toString()).toBe('<a href="https://x.test/?a=1&amp;b=&quot;2&quot;">');
    expect(html`<a class="${'javascript:x'}">`.toString()).toBe('<a class="javascript:x">');
  });

  it('accepts a value after a fixed scheme or path in a URL, and refuses one that could start a scheme', () => {
    expect(html`<a href="mailto:${'a@b.test'}">`.toString()).toBe('<a href="mailto:a@b.test">');
    expect(html`<a href="/listings/${'javascript:x'}">`.toString()).toBe('<a href="/listings/javascript:x">');
    expect(html`<a href="${'/board'}?week=last">`.toString()).toBe('<a href="/board?week=last">');
    expect(() => html`<a href="java${'script:alert(1)'}">`).toThrow(/fixed scheme or path/);
    expect(() => html`<a href="${'javascript'}${':alert(1)'}">`).toThrow(/fixed scheme or path/);
  });

  it('writes the stylesheet as is, but never one that could end its element', () => {
    expect(styleElement('a>b{color:red}').toString()).toBe('<style>a>b{color:red}</style>');
    expect(() => styleElement('a{}</style><script>')).toThrow(/<\/style/);
  });
});
