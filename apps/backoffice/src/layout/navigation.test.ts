import { describe, expect, it } from 'vitest';
import { homePathFor, sectionsFor } from './navigation';

describe('sectionsFor', () => {
  it('shows each role the sections it may use, staff to admin only', () => {
    const paths = (role: Parameters<typeof sectionsFor>[0]) =>
      sectionsFor(role).map((section) => section.path);
    expect(paths('admin')).toEqual(['/orders', '/customers', '/audit', '/staff']);
    expect(paths('support')).toEqual(['/orders', '/customers', '/audit']);
    expect(paths('finance')).toEqual(['/orders', '/customers', '/audit']);
    expect(paths('catalogue')).toEqual(['/audit']);
  });
});

describe('homePathFor', () => {
  it('starts at the orders, or at the first section a role sees', () => {
    expect(homePathFor('support')).toBe('/orders');
    expect(homePathFor('catalogue')).toBe('/audit');
  });
});
