import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvDocument, csvLine } from './csv.js';

describe('csv', () => {
  it('neutralises text that a spreadsheet would run as a formula', () => {
    for (const evil of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
      expect(csvCell(evil).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('keeps numbers (negative ones too), booleans and plain text as they are', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('bob')).toBe('bob');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, and ends lines in CRLF', () => {
    expect(csvLine(['a,b', 'say "hi"', 'x\ny'])).toBe('"a,b","say ""hi""","x\ny"\r\n');
    expect(csvDocument(['h1', 'h2'], [[1, 'x']])).toBe(`${CSV_BOM}h1,h2\r\n1,x\r\n`);
  });
});
