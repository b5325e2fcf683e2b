/**
 * Trust and safety, as pure rules (DESIGN, Moderation): what a report names, what a decision may
 * be, which grounds it may cite, how a case moves. The commands in src/moderation/ load a case,
 * ask here, and write only what these rules allow.
 */

export const reportKinds = ['listing', 'review', 'update'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const reportCategories = ['illegal', 'scam_or_spam', 'impersonation_or_trademark', 'misleading', 'other'] as const;
export type ReportCategory = (typeof reportCategories)[number];

export const explanationMaxLength = 2000;
export const lawMaxLength = 300;
export const factsMaxLength = 4000;

/** What the site team may decide on a case; `reverse` undoes the case's last decision. */
export const decisionActions = ['dismiss', 'restrict', 'take_down'] as const;
export type DecisionAction = (typeof decisionActions)[number];
export type RecordedAction = DecisionAction | 'reverse';

/**
 * open: waiting for a decision; decided: decided, its appeal window open; appealed: an appeal
 * waits for a decision; closed: the appeal window ended (a later report opens the item's next case).
 */
export const caseStates = ['open', 'decided', 'appealed', 'closed'] as const;
export type CaseState = (typeof caseStates)[number];

export const ruleKeyPattern = /^[a-z][a-z0-9_]{1,39}$/;
const lawGround = /^law:\S.{0,199}$/;

/** A ground is a rule's key, or `law:<name>`; null when `ground` is neither. */
export function groundRefusal(ground: string, ruleKeys: readonly string[]): string | null {
  if (lawGround.test(ground) || ruleKeys.includes(ground)) return null;
  return `The ground must be a key of the site rules (${ruleKeys.join(', ')}) or law:<the law's name>.`;
}

/** Why a decision may not ask for a refund, or null: only taking a listing down refunds what was paid for it. */
export function refundRefusal(kind: ReportKind, action: DecisionAction): string | null {
  if (kind === 'listing' && action === 'take_down') return null;
  return 'Only taking a listing down can refund its paid order.';
}

/** C-<year>-<6 digits>, from the case sequence. */
export function caseNumber(year: number, seq: number): string {
  return `C-${year}-${String(seq).padStart(6, '0')}`;
}

export const caseNumberPattern = /^C-\d{4}-\d{6,}$/;

/** The case's reminders to the operator, after it opened, while no decision was made. */
export const reminderDelaysMs = [24 * 3600_000, 72 * 3600_000] as const;

/** An appeal may come within 6 months of the decision (Art. 20 DSA asks for at least 6). */
export const appealWindowMs = 183 * 24 * 3600_000;

/** Why a decision cannot be made on a case in this state, or null when it can. */
export function decisionRefusal(state: CaseState): string | null {
  if (state === 'open' || state === 'appealed') return null;
  return state === 'decided'
    ? 'This case is decided; it reopens only with an appeal, or the decision can be reversed.'
    : 'This case is closed.';
}

/** Why the last decision cannot be reversed, or null when it can. */
export function reversalRefusal(state: CaseState, last: RecordedAction | undefined): string | null {
  if (state === 'closed') return 'This case is closed.';
  if (!last) return 'This case has no decision to reverse.';
  if (last === 'reverse') return 'The last decision of this case is already a reversal.';
  if (last === 'dismiss') return 'A dismissal changed nothing to reverse; decide the case again after an appeal.';
  return null;
}

/** Who may appeal a decision: the person affected always; a reporter only a dismissal. */
export function appealRefusal(
  state: CaseState,
  action: RecordedAction | undefined,
  role: 'owner' | 'reporter' | 'other',
  decidedAt: Date | null,
  now: Date,
): string | null {
  if (state !== 'decided' || !action || !decidedAt) return 'There is no decision of this case to appeal.';
  if (now.getTime() - decidedAt.getTime() > appealWindowMs) return 'The 6 months to appeal this decision have passed.';
  if (role === 'owner') return null;
  if (role === 'reporter' && action === 'dismiss') return null;
  return role === 'reporter' ? 'A reporter may appeal only a dismissal.' : 'Only the person affected or a reporter may appeal.';
}
