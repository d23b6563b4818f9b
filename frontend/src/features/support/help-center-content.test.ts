import { describe, expect, it } from 'vitest';
import { filterFaqs, helpFaqs } from './help-center-content';

const questions = (search: string) => filterFaqs(helpFaqs, search).map((faq) => faq.question);

describe('the help center search', () => {
  it('finds questions by their own words, whatever the case', () => {
    expect(questions('PASSWORD')).toEqual(['How do I create an account?', 'How do I reset my password?']);
  });

  it('finds questions by the words of their answers', () => {
    expect(questions('bookmark')).toEqual(['How do favorites and the watchlist work?']);
    expect(questions('Server 2')).toEqual(['Why will a video not play?']);
  });

  it('shows every question when the search is empty or blank, and none when nothing matches', () => {
    expect(questions('')).toHaveLength(6);
    expect(questions('   ')).toHaveLength(6);
    expect(questions('refund')).toEqual([]);
  });
});
