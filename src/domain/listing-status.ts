/**
 * A listing's status and the only moves between them (docs/architecture.md, Listings (owner side)). A submitted
 * listing is a draft. The free plan queues it for a launch week, awaiting its badge until the gates
 * hold (scheduled), and sends it back to draft after missed weeks; a paid launch schedules it for a
 * week or makes it live at once; the start of its week makes a scheduled listing live. The site
 * team rejects or archives. Pure: callers load the listing, ask here, and save the answer.
 */
export const listingStatuses = ['draft', 'awaiting_badge', 'scheduled', 'live', 'rejected', 'archived'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

export const listingPlans = ['free', 'paid'] as const;
export type ListingPlan = (typeof listingPlans)[number];

/** Where a move may start: a status, or null for a listing that does not exist yet. */
type From = ListingStatus | null;

interface Transition {
  from: readonly From[];
  to: ListingStatus;
  /** The move in words, for the reason of a refusal: "The listing is live: it can <what> only ..." */
  what: string;
}

const unpublished = ['draft', 'awaiting_badge', 'scheduled'] as const;

const transitions = {
  submit: { from: [null], to: 'draft', what: 'be created by a submit' },
  choose_free: { from: ['draft'], to: 'awaiting_badge', what: 'be queued for a free launch' },
  gates_met: { from: ['awaiting_badge'], to: 'scheduled', what: 'be scheduled by its met gates' },
  weeks_missed: { from: ['awaiting_badge'], to: 'draft', what: 'return to draft after missed weeks' },
  paid_launch_scheduled: { from: unpublished, to: 'scheduled', what: 'be scheduled by a paid launch' },
  paid_launch_now: { from: unpublished, to: 'live', what: 'go live by a paid launch' },
  launch_week_began: { from: ['scheduled'], to: 'live', what: 'go live in its launch week' },
  reject: { from: unpublished, to: 'rejected', what: 'be rejected' },
  archive: { from: [...unpublished, 'live', 'rejected'], to: 'archived', what: 'be archived' },
} as const satisfies Record<string, Transition>;

export type ListingEvent = keyof typeof transitions;
export const listingEvents = Object.keys(transitions) as ListingEvent[];

export type ListingMove = { ok: true; status: ListingStatus } | { ok: false; reason: string };

const described = (from: From) => (from === null ? 'not created yet' : from);

/** The status after `event`, or a refusal saying why the listing cannot make that move now. */
export function moveListing(from: From, event: ListingEvent): ListingMove {
  const transition: Transition = transitions[event];
  if (transition.from.includes(from)) return { ok: true, status: transition.to };
  const allowed = transition.from.map(described).join(' or ');
  const subject = from === null ? 'There is no listing yet' : `The listing is ${from}`;
  return { ok: false, reason: `${subject}: it can ${transition.what} only when it is ${allowed}.` };
}

/**
 * A moderation reversal puts a taken-down listing back in the status it had before the decision:
 * only from rejected or archived, and only to a status a listing can hold before removal.
 */
export function reinstateListing(from: ListingStatus, to: ListingStatus): ListingMove {
  if (from !== 'rejected' && from !== 'archived')
    return { ok: false, reason: `The listing is ${from}: only a removed listing can be reinstated.` };
  if (to === 'rejected' || to === 'archived') return { ok: false, reason: `A reinstated listing cannot be ${to}.` };
  return { ok: true, status: to };
}
