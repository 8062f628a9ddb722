/**
 * One CSV field (RFC 4180). Text is always quoted: a spreadsheet that splits on `;` or tab (its
 * locale's separator) keeps it in one cell, so no part of it starts a cell of its own. Text that
 * would run as a formula (= + - @, tab, carriage return first; names come from a public form) is
 * prefixed with an apostrophe (OWASP, "CSV injection"). Numbers are written as they are.
 */
export function csvField(value: string | number) {
  if (typeof value === 'number') return String(value);
  // A negative amount ('-450.00', a credit note's) is a number to a spreadsheet, not a formula.
  const text = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Lines of fields as a CSV document: UTF-8 with a byte order mark (so Excel reads Arabic right), CRLF line ends. */
export const csvDocument = (lines: (string | number)[][]) =>
  `\uFEFF${lines.map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
