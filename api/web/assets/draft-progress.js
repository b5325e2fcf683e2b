/* global document, fetch, setTimeout, DOMParser, location */
// Progressive enhancement only: without this file the draft page has a Refresh link. With it, the
// page polls the draft's JSON (same origin, the session cookie) and updates the progress in place;
// once the build ends it swaps in the page's new content (the editor) without a reload.
const section = document.getElementById('draft-progress');
if (section) {
  const id = section.dataset.draft;
  const every = Number(section.dataset.pollMs) || 2000;
  const show = (name, value) => {
    for (const el of section.querySelectorAll(`[data-progress="${name}"]`)) el.textContent = String(value);
  };
  const swapInPage = () =>
    fetch(location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then((response) => response.text())
      .then((text) => {
        const next = new DOMParser().parseFromString(text, 'text/html').querySelector('main');
        const main = document.querySelector('main');
        main.replaceChildren(...next.childNodes);
        main.querySelector('h1')?.setAttribute('tabindex', '-1');
        main.querySelector('h1')?.focus();
      });
  const poll = () =>
    fetch(`/me/drafts/${encodeURIComponent(id)}/progress`, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      .then((response) => {
        if (!response.ok) throw new Error(`status ${response.status}`);
        return response.json();
      })
      .then((draft) => {
        show('pages_fetched', draft.progress.pages_fetched);
        show('pages_planned', draft.progress.pages_planned);
        show('fields_found', draft.progress.fields_found);
        if (draft.status !== section.dataset.status) {
          section.dataset.status = draft.status;
          for (const step of section.querySelectorAll('[data-step]')) {
            if (step.dataset.step === draft.status) step.setAttribute('aria-current', 'step');
            else step.removeAttribute('aria-current');
          }
          const current = section.querySelector(`[data-step="${draft.status}"]`);
          if (current) show('step', current.textContent);
        }
        if (draft.status === 'ready' || draft.status === 'failed') return swapInPage();
        setTimeout(poll, every);
      })
      .catch(() => setTimeout(poll, every * 2));
  setTimeout(poll, every);
}
