import { html, type Html } from '../../../../src/platform/html.js';
import { controlId, errorId, FormErrors } from './field-errors.js';

/** A labelled text control named by its body path, with its hint and its messages next to it. */
export interface TextControl {
  /** The body path the control sends, also its form name: `url`, `fields.tagline`, `faqs.0.answer`. */
  key: string;
  label: string;
  value: string;
  /** Several lines (a textarea) of this many rows. */
  rows?: number;
  hint?: string;
  maxlength?: number;
  required?: boolean;
  inputmode?: 'url' | 'email';
}

export function textControl(errors: FormErrors, control: TextControl): Html {
  const id = controlId(control.key);
  const messages = errors.at(control.key);
  const hintId = `${id}-hint`;
  const describedBy = [control.hint && hintId, messages.length > 0 && errorId(id)].filter(Boolean).join(' ');
  const attributes = html`id="${id}" name="${control.key}"${describedBy && html` aria-describedby="${describedBy}"`}${messages.length > 0 && html` aria-invalid="true"`}${control.maxlength !== undefined && html` maxlength="${control.maxlength}"`}${control.required && html` required`}`;
  const input = control.rows
    ? html`<textarea ${attributes} rows="${control.rows}">${control.value}</textarea>`
    : html`<input type="text" ${attributes}${control.inputmode && html` inputmode="${control.inputmode}"`} value="${control.value}">`;
  return html`<p class="control"><label for="${id}">${control.label}</label>${control.hint && html` <span class="muted" id="${hintId}">${control.hint}</span>`}<br>${input}${messages.length > 0 && html`<br><strong class="field-error" id="${errorId(id)}">${messages.join('; ')}</strong>`}</p>`;
}

/** The messages of a group of controls (a fieldset), under its legend. */
export function groupError(errors: FormErrors, key: string): Html | null {
  const messages = errors.at(key);
  return messages.length
    ? html`<p><strong class="field-error" id="${errorId(controlId(key))}">${messages.join('; ')}</strong></p>`
    : null;
}
