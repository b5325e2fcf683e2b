import { renderedOnce } from '../../api/web/shared/rendered-once.js';

describe('renderedOnce', () => {
  it('renders an answer once, and an answer read afresh again', () => {
    let renders = 0;
    const rendered = renderedOnce((answer: { name: string }) => {
      renders++;
      return `<p>${answer.name}</p>`;
    });
    const cached = { name: 'Before' };
    expect(rendered(cached)).toBe('<p>Before</p>');
    expect(rendered(cached)).toBe('<p>Before</p>');
    expect(renders).toBe(1);
    // A changed listing is a new answer object from the read cache: its page shows the change.
    expect(rendered({ name: 'After' })).toBe('<p>After</p>');
    expect(renders).toBe(2);
  });

  it('keeps a rendering that is null, so an empty part is not rendered on every view', () => {
    let renders = 0;
    const rendered = renderedOnce(() => {
      renders++;
      return null;
    });
    const answer = {};
    expect(rendered(answer)).toBeNull();
    expect(rendered(answer)).toBeNull();
    expect(renders).toBe(1);
  });
});
