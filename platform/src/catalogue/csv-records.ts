/**
 * CSV records out of text that arrives in pieces, each with the line it starts on: the import's
 * reader (`readCsv` in csv.ts) and its header check.
 *
 * It reads what csv-parse read with the options the import used before (`bom`, `relax_quotes`,
 * `relax_column_count`, `skip_empty_lines`, `max_record_size`), about five times faster: csv-parse
 * was half of the import worker's processor time (`npm run bench -- csv`; docs/design.md, "Where
 * the code differs from the target design"). The rules:
 * - the record delimiter is the first line break found outside quotes (CRLF, LF or CR), and only
 *   that one ends a record afterwards; another kind of line break is a character of its field;
 * - a field that starts with a quote ends at a quote followed by a comma, the delimiter or the end
 *   of the text; a doubled quote inside is one quote. A quote followed by anything else makes the
 *   field plain text, its quotes kept (`"ab"c` is `"ab"c`), and a quote inside a plain field is a
 *   character like any other;
 * - records may have any number of fields; empty lines are skipped;
 * - a record is at most `maxRecord` characters long;
 * - a record's line counts every line break before it (CRLF once), quoted ones and empty lines
 *   included: the line a text editor shows it on.
 */

export interface CsvRecord {
  /** 1-based line where the record starts (a quoted field may span lines). */
  readonly line: number;
  readonly fields: string[];
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/** A record longer than the most one may hold: where it starts. */
export class CsvRecordTooLong extends Error {
  override readonly name = 'CsvRecordTooLong';
  constructor(readonly line: number) {
    super(`the record starting on line ${line} is too long`);
  }
}

/** What a scan of one record found: the record and where it ended, or that the text ran out. */
type Scan = { fields: string[]; end: number } | 'more' | 'unclosed';

/**
 * The line breaks of one text, found as they are needed: each search picks up where the last one
 * stopped, so a text is searched once for each kind however many records it holds. Positions
 * asked for must not go back.
 */
class Breaks {
  private lf: number;
  private cr: number;

  constructor(private readonly text: string) {
    this.lf = text.indexOf('\n');
    this.cr = text.indexOf('\r');
  }

  /** The first CR or LF at or after `from`; -1 when there is none. */
  next(from: number): number {
    if (this.lf !== -1 && this.lf < from) this.lf = this.text.indexOf('\n', from);
    if (this.cr !== -1 && this.cr < from) this.cr = this.text.indexOf('\r', from);
    if (this.lf === -1) return this.cr;
    if (this.cr === -1) return this.lf;
    return this.lf < this.cr ? this.lf : this.cr;
  }

  /** Line breaks from `from` to `to`: CRLF, LF or a lone CR, each one. */
  count(from: number, to: number): number {
    let breaks = 0;
    for (let at = this.next(from); at !== -1 && at < to; at = this.next(at + 1)) {
      if (this.text.charCodeAt(at) === CR && this.text.charCodeAt(at + 1) === LF) at++;
      breaks++;
    }
    return breaks;
  }
}

export class CsvRecords {
  /** The text not made into records yet: the start of one that has not ended. */
  private text = '';
  /** The line `text` starts on. */
  private line = 1;
  private started = false;
  /** The record delimiter, once the first line break outside quotes has shown it. */
  private delimiter: '\r\n' | '\n' | '\r' | null = null;
  /** Whether the text is all there (`end`). */
  private final = false;

  constructor(private readonly maxRecord: number) {}

  /** The records that `chunk` completes; the rest waits for the next chunk. */
  push(chunk: string): CsvRecord[] {
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    this.text = this.text.length === 0 ? chunk : this.text + chunk;
    return this.drain();
  }

  /**
   * The text ends with `rest`: the last records, and the line of a record cut short by the end
   * of the text (a quote never closed), which is left out.
   */
  end(rest = ''): { records: CsvRecord[]; unclosedAtLine: number | null } {
    this.final = true;
    const records = this.push(rest);
    const unclosedAtLine = this.text.length > 0 ? this.line : null;
    this.text = '';
    return { records, unclosedAtLine };
  }

  private drain(): CsvRecord[] {
    const records: CsvRecord[] = [];
    const { text } = this;
    const breaks = new Breaks(text); // for the scan
    const lines = new Breaks(text); // for counting lines
    let at = 0;
    while (at < text.length) {
      const skipped = this.emptyLineAt(text, at);
      if (skipped === -1) break; // a lone CR at the end: CRLF or CR, the next chunk tells
      if (skipped > 0) {
        at += skipped;
        this.line++;
        continue;
      }
      const scan = this.scanRecord(text, at, breaks);
      if (scan === 'more' || scan === 'unclosed') {
        if (text.length - at > this.maxRecord) throw new CsvRecordTooLong(this.line);
        break;
      }
      if (scan.end - at > this.maxRecord) throw new CsvRecordTooLong(this.line);
      records.push({ line: this.line, fields: scan.fields });
      this.line += lines.count(at, scan.end);
      at = scan.end;
    }
    this.text = at === 0 ? text : text.slice(at);
    return records;
  }

  /**
   * The length of the delimiter at `at` when an empty line is there, else 0; -1 when the text
   * ends too soon to tell.
   */
  private emptyLineAt(text: string, at: number): number {
    const c = text.charCodeAt(at);
    if (c !== CR && c !== LF) return 0;
    return this.delimiterAt(text, at);
  }

  /**
   * The length of the record delimiter at `at` (a line break there), learning it from the first;
   * 0 when the line break there is not the delimiter; -1 when the text ends too soon to tell.
   */
  private delimiterAt(text: string, at: number): number {
    const c = text.charCodeAt(at);
    if (this.delimiter === null) {
      if (c === LF) this.delimiter = '\n';
      else if (at + 1 >= text.length && !this.final) return -1;
      else this.delimiter = text.charCodeAt(at + 1) === LF ? '\r\n' : '\r';
    }
    switch (this.delimiter) {
      case '\n':
        return c === LF ? 1 : 0;
      case '\r':
        return c === CR ? 1 : 0;
      case '\r\n':
        if (c !== CR) return 0;
        if (at + 1 >= text.length && !this.final) return -1;
        return text.charCodeAt(at + 1) === LF ? 2 : 0;
    }
  }

  /** One record starting at `at`, or what stops it being read yet. */
  private scanRecord(text: string, at: number, breaks: Breaks): Scan {
    const fields: string[] = [];
    const n = text.length;
    let i = at;
    for (;;) {
      let plainFrom = i;
      let prefix = '';
      if (text.charCodeAt(i) === QUOTE) {
        let value = '';
        let from = i + 1;
        let j = from;
        for (;;) {
          const q = text.indexOf('"', j);
          if (q === -1) return this.final ? 'unclosed' : 'more';
          if (q + 1 >= n && !this.final) return 'more'; // a doubled quote, or the field's end
          if (text.charCodeAt(q + 1) === QUOTE) {
            value += text.slice(from, q + 1);
            j = from = q + 2;
            continue;
          }
          value += text.slice(from, q);
          j = q + 1;
          break;
        }
        if (j >= n) {
          fields.push(value);
          return { fields, end: j }; // the end of the text (final: checked above)
        }
        const next = text.charCodeAt(j);
        if (next === COMMA) {
          fields.push(value);
          i = j + 1;
          continue;
        }
        if (next === CR || next === LF) {
          const delimiter = this.delimiterAt(text, j);
          if (delimiter === -1) return 'more';
          if (delimiter > 0) {
            fields.push(value);
            return { fields, end: j + delimiter };
          }
        }
        // Something after the closing quote: the field is plain text, its quotes kept.
        prefix = `"${value}"`;
        plainFrom = j;
      }
      // A plain field: up to a comma, the delimiter or the end of the text.
      let k = plainFrom;
      let comma: number;
      for (;;) {
        comma = text.indexOf(',', k);
        const lineBreak = breaks.next(k);
        if (lineBreak === -1 || (comma !== -1 && comma < lineBreak)) break;
        const delimiter = this.delimiterAt(text, lineBreak);
        if (delimiter === -1) return 'more';
        if (delimiter > 0) {
          fields.push(prefix + text.slice(plainFrom, lineBreak));
          return { fields, end: lineBreak + delimiter };
        }
        k = lineBreak + 1; // another kind of line break: a character of the field
      }
      if (comma === -1) {
        if (!this.final) return 'more';
        fields.push(prefix + text.slice(plainFrom));
        return { fields, end: n };
      }
      k = comma;
      fields.push(prefix + text.slice(plainFrom, k));
      i = k + 1;
      if (i >= n) {
        if (!this.final) return 'more';
        fields.push(''); // a comma ends the text: one more, empty field
        return { fields, end: i };
      }
    }
  }
}
