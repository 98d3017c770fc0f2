import { describe, expect, it } from 'vitest';
import { InputError } from '../../../packages/sim/src/errors.js';
import { parseCsvRecord } from '../../../packages/cli/src/io/csvRecord.js';

// Expected values: RFC 4180 §2 rules applied by hand to each input.
const COMMA = 0x2c;
const parse = (text: string, atEnd = true) => {
  const bytes = Buffer.from(text, 'utf8');
  return parseCsvRecord(bytes, 0, bytes.length, COMMA, atEnd, 'f.csv', 5);
};

describe('parseCsvRecord (RFC 4180)', () => {
  it('splits plain fields and reports the offset after LF or CRLF', () => {
    expect(parse('a,b,c\nnext')).toEqual({ fields: ['a', 'b', 'c'], next: 6, lines: 1 });
    expect(parse('a,b,c\r\nnext')).toEqual({ fields: ['a', 'b', 'c'], next: 7, lines: 1 });
    expect(parse('a,,\n')).toEqual({ fields: ['a', '', ''], next: 4, lines: 1 });
  });

  it('reads quoted fields with separators, doubled quotes and line breaks', () => {
    expect(parse('"a,b","say ""hi""","x\r\ny"\n')).toEqual({ fields: ['a,b', 'say "hi"', 'x\r\ny'], next: 26, lines: 2 });
    expect(parse('"",""""\n')).toEqual({ fields: ['', '"'], next: 8, lines: 1 });
  });

  it('ends the last record at the end of the file, with or without CR', () => {
    expect(parse('a,"b"')).toEqual({ fields: ['a', 'b'], next: 5, lines: 0 });
    expect(parse('a,b\r')).toEqual({ fields: ['a', 'b'], next: 4, lines: 0 });
    expect(parse('')).toEqual({ fields: [''], next: 0, lines: 0 });
  });

  it('asks for more input when the record may continue', () => {
    expect(parse('a,b', false)).toBeUndefined();
    expect(parse('a,"b\nc', false)).toBeUndefined();
    expect(parse('a,"b"', false)).toBeUndefined(); // could still be "b""…
    expect(parse('a,"b"\r', false)).toBeUndefined();
  });

  it('rejects an unterminated quote, a stray quote and text after a closing quote, at the first line', () => {
    expect(() => parse('a,"b\nc\n')).toThrow(new InputError('f.csv:5', 'quoted field must end with a quote before the end of the file'));
    expect(() => parse('a,b"c"\n')).toThrow(InputError);
    expect(() => parse('a,b"c"\n')).toThrow('f.csv:5: quote must open a field (quote the whole field and double the quotes inside it), got "b\\""');
    expect(() => parse('"a"😀,b\n')).toThrow('f.csv:5: closing quote must be followed by "," or the end of the line, got "😀"');
    expect(() => parse('"a"\rb\n')).toThrow('f.csv:5: closing quote must be followed by "," or the end of the line, got "\\r"');
  });
});
