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

/** The back office's pages, under /backoffice/ (Vite's base). */
export const router = createBrowserRouter(
  [
    { path: '/sign-in', element: <SignInPage /> },
    {
      element: <RequireSession />,
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          path: 'orders',
          element: (
            <Allowed action="orders.read">
              <OrdersPage />
            </Allowed>
          ),
        },
        {
          path: 'orders/:orderNumber',
          element: (
            <Allowed action="orders.read">
              <OrderPage />
            </Allowed>
          ),
        },
        {
          path: 'customers',
          element: (
            <Allowed action="customers.read">
              <CustomersPage />
            </Allowed>
          ),
        },
        {
          path: 'customers/:customerId',
          element: (
            <Allowed action="customers.read">
              <CustomerPage />
            </Allowed>
          ),
        },
        {
          path: 'audit',
          element: (
            <Allowed action="audit.read">
              <AuditPage />
            </Allowed>
          ),
        },
        {
          path: 'staff',
          element: (
            <Allowed action="staff.manage">
              <StaffPage />
            </Allowed>
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: import.meta.env.BASE_URL.replace(/\/$/, '') },
);
