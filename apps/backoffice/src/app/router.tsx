import type { StaffAction } from '@shop/domain';
import type { ReactElement } from 'react';
import { createBrowserRouter } from 'react-router';
import { AuditPage } from '../audit/AuditPage';
import { CustomerPage } from '../customers/CustomerPage';
import { CustomersPage } from '../customers/CustomersPage';
import { OrderPage } from '../orders/OrderPage';
import { OrdersPage } from '../orders/OrdersPage';
import { Allowed } from '../session/Allowed';
import { RequireSession } from '../session/RequireSession';
import { SignInPage } from '../session/SignInPage';
import { StaffPage } from '../staff/StaffPage';
import { HomeRedirect } from './HomeRedirect';
import { NotFoundPage } from './NotFoundPage';

/** The signed-in pages, each with the action a role needs to open it. */
const PAGES: readonly { path: string; action: StaffAction; page: ReactElement }[] = [
  { path: 'orders', action: 'orders.read', page: <OrdersPage /> },
  { path: 'orders/:orderNumber', action: 'orders.read', page: <OrderPage /> },
  { path: 'customers', action: 'customers.read', page: <CustomersPage /> },
  { path: 'customers/:customerId', action: 'customers.read', page: <CustomerPage /> },
  { path: 'audit', action: 'audit.read', page: <AuditPage /> },
  { path: 'staff', action: 'staff.manage', page: <StaffPage /> },
];

/** The back office's pages, under /backoffice/ (Vite's base). */
export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    {
      element: <RequireSession />,
      children: [
        { index: true, element: <HomeRedirect /> },
        ...PAGES.map(({ path, action, page }) => ({
          path,
          element: <Allowed action={action}>{page}</Allowed>,
        })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: import.meta.env.BASE_URL.replace(/\/$/, '') },
);
