/**
 * `render`, run once per answer object: the read cache hands every request the same answer object
 * until it reads the answer again, so what depends on the answer alone need not be rendered for
 * each view. An answer read afresh is a new object, and its rendering goes with the old one.
 */
export function renderedOnce<Answer extends object, Rendered>(
  render: (answer: Answer) => Rendered,
): (answer: Answer) => Rendered {
  const made = new WeakMap<Answer, Rendered>();
  return (answer) => {
    if (made.has(answer)) return made.get(answer)!;
    const rendered = render(answer);
    made.set(answer, rendered);
    return rendered;
  };
}
