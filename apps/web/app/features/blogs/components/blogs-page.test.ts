import { describe, expect, it } from 'vitest';
import { PAGE_PLACEHOLDER } from '../../../components/ui/pagination';
import { blogsHref } from './blogs-page';

describe('blogsHref', () => {
  it('links to a category and page, leaving defaults out', () => {
    expect(blogsHref(undefined)).toBe('/blogs');
    expect(blogsHref(3)).toBe('/blogs?category=3');
    expect(blogsHref(3, 2)).toBe('/blogs?category=3&page=2');
    expect(blogsHref(undefined, 4)).toBe('/blogs?page=4');
  });
  it('keeps the page placeholder readable for the Pagination template', () => {
    expect(blogsHref(2, PAGE_PLACEHOLDER)).toBe(`/blogs?category=2&page=${PAGE_PLACEHOLDER}`);
  });
});
