/* global document, navigator */
// Progressive enhancement only: without this file the embed code is a selectable textarea. With it,
// each [data-copy] button copies its textarea's code and says so in its status region.
for (const button of document.querySelectorAll('button[data-copy]')) {
  const source = document.getElementById(button.dataset.copy);
  const status = document.getElementById(`${button.dataset.copy}-status`);
  button.hidden = false;
  button.addEventListener('click', () => {
    source.select();
    navigator.clipboard
      .writeText(source.value)
      .then(() => (status.textContent = 'Copied.'))
      .catch(() => (status.textContent = 'Select the code and copy it.'));
  });
}
