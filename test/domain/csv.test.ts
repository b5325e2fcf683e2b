import { csvText } from '../../src/domain/csv.js';

describe('csv', () => {
  it('writes the header row even with no rows', () => {
    expect(csvText(['hour', 'clicks'], [])).toBe('hour,clicks\r\n');
  });

  it('quotes commas, quotes and line breaks, and leaves numbers bare', () => {
    expect(
      csvText(
        ['a', 'b'],
        [
          ['x,y', 'say "hi"'],
          ['line\nbreak', 3],
        ],
      ),
    ).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",3\r\n');
  });

  it('keeps text that starts like a formula as text, and negative numbers as numbers', () => {
    expect(csvText(['h'], [['=HYPERLINK("x")'], ['+1'], ['@sum'], [-2]])).toBe(
      'h\r\n"\'=HYPERLINK(""x"")"\r\n\'+1\r\n\'@sum\r\n-2\r\n',
    );
  });
});
