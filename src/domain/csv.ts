/**
 * CSV as RFC 4180 writes it: a header row always (an empty range is still a readable file), CRLF
 * line ends, and a field quoted when it holds a comma, a quote or a line break.
 */

export type CsvCell = string | number;

export function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvField).join(',')}\r\n`).join('');
}

function csvField(cell: CsvCell): string {
  if (typeof cell === 'number') return String(cell);
  // Text from outside (a referring site) that starts like a formula stays text in a spreadsheet.
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
