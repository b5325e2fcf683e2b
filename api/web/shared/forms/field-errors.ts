import type { AppError } from '../../../../src/errors.js';
import { html, type Html } from '../../../../src/platform/html.js';

/**
 * A refused form, told the way the operation refused it: the problem's detail and its `errors`,
 * each keyed by its path inside the request body (`url`, `fields.tagline`, `faqs.0.answer`), so
 * a page shows every message next to the control that sent that part of the body.
 */
export class FormErrors {
  static readonly none = new FormErrors(null, []);

  private constructor(
    readonly detail: string | null,
    private readonly entries: readonly { key: string; message: string }[],
  ) {}

  /** `formKeyOf` maps a body path to the control that sent it, where a form names them differently. */
  static of(error: AppError, formKeyOf: (key: string) => string = (key) => key): FormErrors {
    return new FormErrors(
      error.message,
      error.errors.map((e) => ({ key: formKeyOf(e.path.replace(/^body\.?/, '')), message: e.message })),
    );
  }

  get any(): boolean {
    return this.detail !== null;
  }

  /** The messages for one part of the body. */
  at(key: string): string[] {
    return this.entries.filter((e) => e.key === key).map((e) => e.message);
  }

  get all(): readonly { key: string; message: string }[] {
    return this.entries;
  }
}

/** The id of the control that sends one part of the body: `fields.tagline` -> `f-fields-tagline`. */
export function controlId(key: string): string {
  return `f-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The id of the message element of a control, for aria-describedby. */
export function errorId(controlId: string): string {
  return `${controlId}-error`;
}

/** The refusal at the top of the page: the problem's detail, then each message linked to its control. */
export function errorSummary(errors: FormErrors): Html | null {
  if (!errors.any) return null;
  const items = errors.all.map((e) => html`<li><a href="#${controlId(e.key)}">${e.key || 'form'}</a>: ${e.message}</li>`);
  return html`<div class="note warn" role="alert" id="form-errors"><p>${errors.detail}</p>${items.length > 0 && html`<ul>${items}</ul>`}</div>`;
}
