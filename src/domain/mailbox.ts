/**
 * The mailbox an address reaches, as the sign-in and invite limits count it: a `+tag` in the
 * local part (which most providers deliver to the untagged mailbox) and letter case make no new
 * inbox, so `A+1@Example.com` and `a+2@example.com` are both `a@example.com`. Only the limits use
 * it; accounts keep the address as typed.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const plus = address.indexOf('+');
  return plus > 0 && plus < at ? address.slice(0, plus) + address.slice(at) : address;
}
