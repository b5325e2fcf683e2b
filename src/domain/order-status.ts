/**
 * An order's status and the only moves between them (docs/architecture.md, Orders): pending until paid or
 * expired; a paid order is fulfilled line by line; a paid or fulfilled order can be refunded, or
 * disputed by the payer with their bank (the provider says so).
 */
export const orderStatuses = ['pending', 'paid', 'fulfilled', 'expired', 'canceled', 'refunded', 'disputed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const transitions = {
  pay: { from: ['pending'], to: 'paid' },
  expire: { from: ['pending'], to: 'expired' },
  cancel: { from: ['pending'], to: 'canceled' },
  fulfil: { from: ['paid'], to: 'fulfilled' },
  refund: { from: ['paid', 'fulfilled'], to: 'refunded' },
  dispute: { from: ['paid', 'fulfilled'], to: 'disputed' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>;

export type OrderEvent = keyof typeof transitions;

/** The moves that take back what an order bought: the money went back, or the payer contests it. */
export type OrderReversal = Extract<OrderEvent, 'refund' | 'dispute'>;

export type OrderMove = { ok: true; status: OrderStatus } | { ok: false; reason: string };

/** The status after `event`, or why the order cannot make that move. */
export function moveOrder(from: OrderStatus, event: OrderEvent): OrderMove {
  const t = transitions[event];
  if ((t.from as readonly OrderStatus[]).includes(from)) return { ok: true, status: t.to };
  return { ok: false, reason: `The order is ${from}: it can be ${t.to} only when it is ${t.from.join(' or ')}.` };
}

/** LD-<year>-<6 digits>: the year the order was made and its place in the sequence. */
export function orderNumber(year: number, sequence: number): string {
  return `LD-${year}-${String(sequence).padStart(6, '0')}`;
}

export const orderNumberPattern = /^LD-\d{4}-\d{6,}$/;
