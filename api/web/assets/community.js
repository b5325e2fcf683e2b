/* global document, fetch, FormData, URLSearchParams, HTMLFormElement, HTMLImageElement */
// Progressive enhancement only: the pages work without this file. With it, vote and follow forms
// post in the background and update in place (any failure falls back to the plain form post), and
// a logo that fails to load gives way to the initial.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.toggle) return;
  event.preventDefault();
  const button = form.querySelector('button');
  const state = form.querySelector('input[name=on]');
  button.disabled = true;
  fetch(form.action, {
    method: 'POST',
    body: new URLSearchParams(new FormData(form)),
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  })
    .then((response) => {
      if (!response.ok) throw new Error(`status ${response.status}`);
      return response.json();
    })
    .then((answer) => {
      state.value = answer.on ? '0' : '1';
      button.setAttribute('aria-pressed', String(answer.on));
      form.querySelector('.label').textContent = answer.on ? form.dataset.onLabel : form.dataset.offLabel;
      form.querySelector('.count').textContent = answer.count_text;
      button.disabled = false;
    })
    .catch(() => form.submit());
});

function replaceBrokenLogo(img) {
  const initial = document.createElement('span');
  initial.className = img.className;
  initial.setAttribute('aria-hidden', 'true');
  initial.textContent = img.dataset.initial || '';
  img.replaceWith(initial);
}
document.addEventListener(
  'error',
  (event) => {
    if (event.target instanceof HTMLImageElement && event.target.dataset.initial !== undefined) replaceBrokenLogo(event.target);
  },
  true,
);
for (const img of document.querySelectorAll('img[data-initial]')) {
  if (img.complete && img.naturalWidth === 0) replaceBrokenLogo(img);
}
