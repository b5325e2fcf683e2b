import { html, type Html } from '../../../../src/platform/html.js';
import { groupError } from './controls.js';
import { controlId, errorId, type FormErrors } from './field-errors.js';

/** A labelled select named by its body path, each option with its words, its messages next to it. */
export function selectControl(
  errors: FormErrors,
  control: {
    key: string;
    label: string;
    value: string;
    hint: string;
    options: readonly { value: string; label: string; disabled?: boolean }[];
  },
): Html {
  const id = controlId(control.key);
  const messages = errors.at(control.key);
  const describedBy = [`${id}-hint`, messages.length > 0 && errorId(id)].filter(Boolean).join(' ');
  const options = control.options.map(
    (o) =>
      html`<option value="${o.value}"${o.value === control.value && html` selected`}${o.disabled && html` disabled`}>${o.label}</option>`,
  );
  return html`<p class="control"><label for="${id}">${control.label}</label> <span class="muted" id="${id}-hint">${control.hint}</span><br>
<select id="${id}" name="${control.key}" aria-describedby="${describedBy}"${messages.length > 0 && html` aria-invalid="true"`}>${options}</select>${messages.length > 0 && html`<br><strong class="field-error" id="${errorId(id)}">${messages.join('; ')}</strong>`}</p>`;
}

/** Checkboxes sharing one name (the form sends a list), in a fieldset with its legend and messages. */
export function checkboxGroup(
  errors: FormErrors,
  group: {
    key: string;
    legend: string;
    hint: string;
    checked: ReadonlySet<string>;
    options: readonly { value: string; label: string }[];
  },
): Html {
  const id = controlId(group.key);
  const boxes = group.options.map(
    (o) =>
      html`<label class="check"><input type="checkbox" name="${group.key}" value="${o.value}"${group.checked.has(o.value) && html` checked`}> ${o.label}</label> `,
  );
  const describedBy = [`${id}-hint`, errors.at(group.key).length > 0 && errorId(id)].filter(Boolean).join(' ');
  return html`<fieldset id="${id}" aria-describedby="${describedBy}"><legend>${group.legend}</legend>
<p class="muted" id="${id}-hint">${group.hint}</p>${groupError(errors, group.key)}${boxes}</fieldset>`;
}
