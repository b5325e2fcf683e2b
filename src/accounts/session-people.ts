import { hashCredential } from '../domain/credentials.js';

/**
 * Whose session a token opens, remembered by the token's hash for the sessions this process saw
 * lately. A token never changes hands, so a request can be counted against its person's budget
 * before the one statement that checks the session and acts: never proof that it is still live.
 */
export class SessionPeople {
  private readonly people = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  get(token: string): number | undefined {
    return this.people.get(hashCredential(token));
  }

  remember(token: string, userId: number): void {
    const key = hashCredential(token);
    // The oldest entry goes first: Map keeps insertion order.
    if (this.people.size >= this.capacity && !this.people.has(key)) this.people.delete(this.people.keys().next().value!);
    this.people.set(key, userId);
  }
}
