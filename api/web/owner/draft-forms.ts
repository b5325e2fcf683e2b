/**
 * Form posts of the draft page as update_draft bodies. Controls are named by body path
 * (`fields.tagline`, `faqs.0.answer`), so the operation's messages land next to them; rows left
 * empty are dropped, and `rowOf` maps a body row back to the form row it came from.
 */

export type FormFields = Record<string, unknown>;

export interface DraftEdit {
  body: Record<string, unknown>;
  /** The form key an error path of the body belongs to (they differ once empty rows are dropped). */
  formKeyOf: (bodyKey: string) => string;
}

const text = (form: FormFields, key: string): string => {
  const value = form[key];
  return typeof value === 'string' ? value : '';
};

const same = (key: string) => key;

/** One profile field: save the text (lines for a list field; empty clears), clear, restore or lock. */
export function fieldEdit(form: FormFields, name: string, isList: boolean): DraftEdit {
  const action = text(form, 'action');
  if (action === 'clear') return { body: { fields: { [name]: null } }, formKeyOf: same };
  if (action === 'restore') return { body: { restore: [name] }, formKeyOf: same };
  if (action === 'lock') return { body: { lock_fields: [name] }, formKeyOf: same };
  const value = text(form, `fields.${name}`);
  const lines = value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const typed = isList ? lines : value.trim() === '' ? null : value;
  return { body: { fields: { [name]: isList && !lines.length ? null : typed } }, formKeyOf: same };
}

export function regenerateEdit(form: FormFields): DraftEdit {
  const chosen = form.regenerate;
  const names = Array.isArray(chosen) ? chosen.filter((n) => typeof n === 'string') : typeof chosen === 'string' ? [chosen] : [];
  return { body: { regenerate: names }, formKeyOf: same };
}

/** Rows `part.<i>.<column>`, up to `max`; a row whose columns are all empty is left out. */
function rowsOf(form: FormFields, part: string, columns: readonly string[], max: number) {
  const rows: { index: number; values: Record<string, string> }[] = [];
  for (let index = 0; index < max; index++) {
    const values = Object.fromEntries(columns.map((c) => [c, text(form, `${part}.${index}.${c}`).trim()]));
    if (Object.values(values).some(Boolean)) rows.push({ index, values });
  }
  const formKeyOf = (key: string) =>
    key.replace(new RegExp(`^${part}\\.(\\d+)`), (whole, i: string) =>
      rows[Number(i)] ? `${part}.${rows[Number(i)].index}` : whole,
    );
  return { rows, formKeyOf };
}

export function faqsEdit(form: FormFields): DraftEdit {
  const { rows, formKeyOf } = rowsOf(form, 'faqs', ['question', 'answer'], 10);
  return { body: { faqs: rows.map((r) => r.values) }, formKeyOf };
}

export function foundersEdit(form: FormFields): DraftEdit {
  const { rows, formKeyOf } = rowsOf(form, 'founders', ['name', 'title', 'bio'], 6);
  // Title and bio are optional: an empty one is left out rather than sent empty.
  const founders = rows.map(({ values }) => Object.fromEntries(Object.entries(values).filter(([c, v]) => c === 'name' || v)));
  return { body: { founders }, formKeyOf };
}

export function socialsEdit(form: FormFields, platforms: readonly string[]): DraftEdit {
  const links = (part: string) =>
    Object.fromEntries(platforms.map((p): [string, string] => [p, text(form, `${part}.${p}`).trim()]).filter(([, url]) => url));
  return { body: { company_socials: links('company_socials'), founder_socials: links('founder_socials') }, formKeyOf: same };
}

/** The text fields of a form by name, to show a refused form as it was sent. */
export function sentFields(form: FormFields): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'csrf'),
  );
}
