/* global document, fetch, FormData, URLSearchParams, HTMLFormElement */
// Vote and follow forms work without this file; with it they post in the background and update
// in place. Any failure falls back to the plain form post, which shows the reason as a page.
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
