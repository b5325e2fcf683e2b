import { draftFieldNames, type DraftFieldName } from './draft-fields.js';
import type { DraftedField, Evidence } from './evidence.js';

/**
 * The editable content of a draft and the field-state rules of the spec (Draft field state):
 * a typed value makes a field the owner's (edited, or manual when the AI had found nothing),
 * null removes it (deleted), a lock protects it from AI redrafts (override), restore brings back
 * the AI's original. Pure: the service loads, applies and saves.
 */
export type FieldState = 'ai' | 'not_found' | 'edited' | 'manual' | 'override' | 'deleted';
export type FieldValue = string | string[] | null;

export interface StoredField {
  value: FieldValue;
  state: FieldState;
  evidence: Evidence[];
  /** What the AI drafted last, kept for restore; null before the AI has drafted this field. */
  ai_original: { value: FieldValue; evidence: Evidence[] } | null;
}

export type DraftFields = Partial<Record<DraftFieldName, StoredField>>;

export interface Faq {
  question: string;
  answer: string;
}

export interface Founder {
  name: string;
  title?: string;
  bio?: string;
}

export interface Milestone {
  date: string;
  title: string;
  description?: string;
  url?: string;
}

export type Socials = Record<string, string>;

/** The parts of a draft an owner replaces as a whole through update_draft. */
export interface DraftParts {
  faqs: Faq[];
  company_socials: Socials;
  founder_socials: Socials;
  founders: Founder[];
  story: Record<string, string>;
  milestones: Milestone[];
  competitor_url: string | null;
  seo: { title?: string; meta?: string };
}

export type DraftPartName = keyof DraftParts;

/** A field nobody has drafted or touched yet. */
export const blankField = (): StoredField => ({ value: null, state: 'not_found', evidence: [], ai_original: null });

export function fieldOf(fields: DraftFields, name: DraftFieldName): StoredField {
  return fields[name] ?? blankField();
}

/** Every field in spec order, blanks included. */
export function allFields(fields: DraftFields): Record<DraftFieldName, StoredField> {
  return Object.fromEntries(draftFieldNames.map((name) => [name, fieldOf(fields, name)])) as Record<DraftFieldName, StoredField>;
}

/** The owner sets a value (or removes it with null). A locked field stays locked with the new value. */
export function setField(current: StoredField, value: FieldValue): StoredField {
  if (value === null) return { ...current, value: null, state: 'deleted', evidence: [] };
  const state: FieldState = current.state === 'override' ? 'override' : current.ai_original?.value != null ? 'edited' : 'manual';
  return { ...current, value, state, evidence: [] };
}

/** Back to what the AI drafted (which also lifts a lock); not_found when the AI found nothing. */
export function restoreField(current: StoredField): StoredField {
  const original = current.ai_original;
  if (!original || original.value === null) return { ...current, value: null, state: 'not_found', evidence: [] };
  return { ...current, value: original.value, state: 'ai', evidence: original.evidence };
}

export function lockField(current: StoredField): StoredField {
  return { ...current, state: 'override' };
}

const ownerStates = new Set<FieldState>(['edited', 'manual', 'deleted', 'override']);

/**
 * Takes an AI result into a field. The AI's value is always remembered for restore. A locked field
 * keeps its value; on the first build, fields the owner already set keep theirs too, while an
 * explicit redraft (regenerate) replaces the owner's value.
 */
export function acceptDrafted(current: StoredField, drafted: DraftedField, mode: 'build' | 'redraft'): StoredField {
  const ai_original = { value: drafted.value, evidence: drafted.evidence };
  const keep = current.state === 'override' || (mode === 'build' && ownerStates.has(current.state));
  if (keep) return { ...current, ai_original };
  return { value: drafted.value, state: drafted.state, evidence: drafted.evidence, ai_original };
}

/** Fields the AI found a value for in its last drafting. */
export function fieldsFound(fields: DraftFields): number {
  return draftFieldNames.filter((name) => fields[name]?.ai_original?.value != null).length;
}
