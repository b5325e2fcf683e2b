/**
 * A result that is already JSON text (kept ready in PostgreSQL): REST sends the text as is, and
 * the value is parsed only where an object is needed (MCP's structured content, the pages).
 */
export class JsonText<T> {
  #value: T | undefined;

  constructor(readonly text: string) {}

  value(): T {
    return (this.#value ??= JSON.parse(this.text) as T);
  }
}
