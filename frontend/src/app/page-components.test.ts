import { PAGE_IDS, sitePages } from '@cinefold/contracts';
import { describe, expect, it } from 'vitest';
import { pageComponents } from './page-components';

describe('the pages the router shows', () => {
  it('has a component for every page of the site map, and none for a page it does not have', () => {
    expect(Object.keys(pageComponents).sort()).toEqual([...PAGE_IDS].sort());
    expect(Object.keys(sitePages).sort()).toEqual([...PAGE_IDS].sort());
    for (const id of PAGE_IDS) expect(typeof pageComponents[id].preload, id).toBe('function');
  });

  it('shows the top list at both of its addresses, and each title page with its own component', () => {
    expect(pageComponents.topRated).toBe(pageComponents.top100);
    expect(pageComponents.movie).not.toBe(pageComponents.tvShow);
  });
});
