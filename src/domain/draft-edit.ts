import type { DraftFieldName } from './draft-fields.js';
import {
  fieldOf,
  lockField,
  restoreField,
  setField,
  type DraftFields,
  type DraftPartName,
  type DraftParts,
  type FieldValue,
} from './draft-content.js';

/** One update_draft request, validated: only the parts sent are present. */
export interface DraftEdit extends Partial<DraftParts> {
  fields?: Partial<Record<DraftFieldName, FieldValue>>;
  lock_fields?: DraftFieldName[];
  regenerate?: DraftFieldName[];
  restore?: DraftFieldName[];
}

export interface DraftState {
  fields: DraftFields;
  parts: DraftParts;
  ownerParts: DraftPartName[];
}

const partNames: DraftPartName[] = [
  'faqs',
  'company_socials',
  'founder_socials',
  'founders',
  'story',
  'milestones',
  'competitor_url',
  'seo',
];

/** Field names an edit asks for in two ways that contradict each other. */
export function editConflicts(edit: DraftEdit): { path: string; message: string }[] {
  const conflicts: { path: string; message: string }[] = [];
  const set = new Set(Object.keys(edit.fields ?? {}));
  const restore = new Set(edit.restore ?? []);
  const locked = new Set(edit.lock_fields ?? []);
  for (const name of edit.restore ?? []) {
    if (set.has(name)) conflicts.push({ path: `body.restore`, message: `${name} is both set in fields and restored` });
  }
  for (const name of edit.regenerate ?? []) {
    if (set.has(name)) conflicts.push({ path: `body.regenerate`, message: `${name} is both set in fields and regenerated` });
    if (restore.has(name)) conflicts.push({ path: `body.regenerate`, message: `${name} is both restored and regenerated` });
    if (locked.has(name)) conflicts.push({ path: `body.regenerate`, message: `${name} is both locked and regenerated` });
  }
  return conflicts;
}

/**
 * Applies an edit in a fixed order: restore, typed values and removals, locks. Regenerate is not
 * applied here (the build workflow redrafts); the result names the fields to redraft, which are
 * those asked for that are not locked (AI redrafts skip locked fields).
 */
export function applyDraftEdit(state: DraftState, edit: DraftEdit): DraftState & { regenerate: DraftFieldName[] } {
  const fields: DraftFields = { ...state.fields };
  for (const name of edit.restore ?? []) fields[name] = restoreField(fieldOf(fields, name));
  for (const [name, value] of Object.entries(edit.fields ?? {}) as [DraftFieldName, FieldValue][]) {
    fields[name] = setField(fieldOf(fields, name), value);
  }
  for (const name of edit.lock_fields ?? []) fields[name] = lockField(fieldOf(fields, name));

  const parts: DraftParts = { ...state.parts };
  const ownerParts = new Set(state.ownerParts);
  for (const name of partNames) {
    if (edit[name] === undefined) continue;
    (parts as unknown as Record<string, unknown>)[name] =
      name === 'competitor_url' && edit.competitor_url === '' ? null : edit[name];
    ownerParts.add(name);
  }
  const regenerate = [...new Set(edit.regenerate ?? [])].filter((name) => fieldOf(fields, name).state !== 'override');
  return { fields, parts, ownerParts: [...ownerParts], regenerate };
}
