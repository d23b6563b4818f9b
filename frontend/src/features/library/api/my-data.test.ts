import { describe, expect, it } from 'vitest';
import { notFoundCsv } from './my-data';

describe('the titles not found, as a CSV to keep', () => {
  it('has a row per title, with its year and line, quoting what needs it', () => {
    expect(
      notFoundCsv([
        {
          line: 4,
          title: 'A Film, With a Comma',
          year: '2003',
          status: 'not-found',
          by: null,
          candidates: [],
        },
        { line: 9, title: 'The "Quoted" One', year: null, status: 'not-found', by: null, candidates: [] },
      ]),
    ).toBe('Title,Year,Line\n"A Film, With a Comma",2003,4\n"The ""Quoted"" One",,9\n');
  });
});
