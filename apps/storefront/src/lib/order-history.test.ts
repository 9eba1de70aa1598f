import { describe, expect, it } from 'vitest';
import { loginPath } from './login-path';
import { orderHistoryApiPath, orderHistoryView, orderPath, ordersPageHref } from './order-history';

describe('the order history page', () => {
  it('asks the API for the page of 15 of spec §7', () => {
    expect(orderHistoryApiPath({ page: 1, status: 'all' })).toBe(
      '/api/shop/rest/orders/history?offset=0&size=15',
    );
    expect(orderHistoryApiPath({ page: 3, status: 'all' })).toBe(
      '/api/shop/rest/orders/history?offset=30&size=15',
    );
  });

  it('passes the range and the statuses of the chosen group', () => {
    const path = orderHistoryApiPath({ page: 2, from: '2026-01-01', to: '2026-01-31', status: 'refunded' });
    const query = new URL(path, 'http://shop').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      offset: '15',
      size: '15',
      from: '2026-01-01',
      to: '2026-01-31',
      status: 'refunded,partiallyRefunded',
    });
  });

  it('asks for the latest orders alone', () => {
    expect(orderHistoryApiPath({ page: 1, status: 'all' }, 3)).toBe(
      '/api/shop/rest/orders/history?offset=0&size=3',
    );
  });

  it('links pages keeping the filter, without the defaults', () => {
    expect(ordersPageHref({ page: 1, status: 'all' })).toBe('/account/orders');
    expect(ordersPageHref({ page: 1, status: 'failed', from: '2026-01-01' }, 2)).toBe(
      '/account/orders?from=2026-01-01&status=failed&page=2',
    );
  });

  it('reads the view from the query the filter form sends', () => {
    expect(orderHistoryView({ page: '2', from: '2026-01-01', to: '', status: 'pending' })).toEqual({
      page: 2,
      from: '2026-01-01',
      status: 'pending',
    });
  });

  it('links an order by its number', () => {
    expect(orderPath('FUN-AB12CD34')).toBe('/account/orders/FUN-AB12CD34');
  });

  it('sends a shopper without a session to sign in and back', () => {
    expect(loginPath('/account')).toBe('/login?redirect=%2Faccount');
    expect(loginPath('/account/orders?page=2')).toBe('/login?redirect=%2Faccount%2Forders%3Fpage%3D2');
  });
});
