import type {
  autoTopupLightLinks,
  autoTopupRuns,
  autoTopups,
  cartItems,
  carts,
  customers,
  orderEvents,
  orders,
  orderUnits,
  payments,
  paymentTokens,
  products,
  smsTopupRequests,
  smsTopups,
  voucherDeliveries,
  voucherPins,
} from './schema';
import type { auditLog, staffMembers, staffRefunds, staffSessions } from './staff-schema';

/** The shop's rows as a select reads them: named once here, for every part that passes them on. */
export type Product = typeof products.$inferSelect;
export type Customer = typeof customers.$inferSelect;
export type Cart = typeof carts.$inferSelect;
export type CartLineRow = typeof cartItems.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type OrderUnit = typeof orderUnits.$inferSelect;
export type VoucherDelivery = typeof voucherDeliveries.$inferSelect;
export type VoucherPin = typeof voucherPins.$inferSelect;
export type PaymentTokenRow = typeof paymentTokens.$inferSelect;
export type AutoTopup = typeof autoTopups.$inferSelect;
export type AutoTopupRun = typeof autoTopupRuns.$inferSelect;
export type AutoTopupLightLink = typeof autoTopupLightLinks.$inferSelect;
export type SmsTopup = typeof smsTopups.$inferSelect;
export type SmsTopupRequest = typeof smsTopupRequests.$inferSelect;
export type StaffMember = typeof staffMembers.$inferSelect;
export type StaffSession = typeof staffSessions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type StaffRefund = typeof staffRefunds.$inferSelect;
