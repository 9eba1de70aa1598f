import * as z from 'zod';
import {
  DEVICE_ID_PATTERN,
  DEVICE_ID_RULE,
  FRAUDNET_SESSION_ID_PATTERN,
  FRAUDNET_SESSION_ID_RULE,
} from '../fraud-signals';
import './jitless';

/** The shopper's device id (decision 0049), sent where the tenant's `shouldSendDeviceID` says so. */
export const deviceIdSchema = z
  .string()
  .regex(DEVICE_ID_PATTERN, `must be ${DEVICE_ID_RULE}`)
  .meta({ description: `The device id of the tenant's fraud-prevention script or app: ${DEVICE_ID_RULE}` });

/** PayPal FraudNet's session id of the checkout page, with a PayPal payment. */
export const fraudnetSessionIdSchema = z
  .string()
  .regex(FRAUDNET_SESSION_ID_PATTERN, `must be ${FRAUDNET_SESSION_ID_RULE}`)
  .meta({
    description: `PayPal FraudNet's session id of this checkout (paypal only): ${FRAUDNET_SESSION_ID_RULE}`,
  });
