/**
 * DT One's error envelope, `{ "errors": [{ "code", "message" }] }`, and the documented API error
 * codes the stand-in answers with (the messages are the stand-in's own).
 */

export class DtoneError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }

  get body() {
    return { errors: [{ code: this.code, message: this.message }] };
  }
}

export const badRequest = (message: string) => new DtoneError(400, 1000400, message);

export const unauthorized = () =>
  new DtoneError(401, 1000401, 'Unauthorized: send the API key and secret with HTTP Basic auth');

export const resourceNotFound = (what: string) => new DtoneError(404, 1000404, `Resource not found: ${what}`);

export const productNotAvailable = (productId: number | string) =>
  new DtoneError(404, 1003001, `Product ${productId} is not available in this account`);

export const amountOutOfRange = (message: string) => new DtoneError(400, 1003002, message);

export const unitInvalid = (message: string) => new DtoneError(400, 1003003, message);

export const mobileNumberInvalid = (message: string) => new DtoneError(400, 1005003, message);

export const countryNotFound = (mobileNumber: string) =>
  new DtoneError(404, 1005005, `No country served here has the mobile number ${mobileNumber}`);

export const operatorNotFound = (operatorId: number | string) =>
  new DtoneError(404, 1005006, `Operator ${operatorId} not found`);

export const externalIdUsed = (externalId: string) =>
  new DtoneError(400, 1007001, `The external_id ${externalId} belongs to another transaction already`);

export const alreadyConfirmed = (id: number) =>
  new DtoneError(400, 1007002, `Transaction ${id} is confirmed already`);

export const noLongerConfirmable = (id: number, status: string) =>
  new DtoneError(400, 1007004, `Transaction ${id} can no longer be confirmed: it is ${status}`);

export const alreadyCancelled = (id: number) =>
  new DtoneError(400, 1007005, `Transaction ${id} is cancelled already`);

export const noLongerCancellable = (id: number, status: string) =>
  new DtoneError(400, 1007007, `Transaction ${id} can no longer be cancelled: it is ${status}`);

export const transactionNotFound = (id: string) =>
  new DtoneError(404, 1008004, `Transaction ${id} not found`);

export const unexpectedError = () => new DtoneError(500, 1009001, 'The DT One stand-in failed unexpectedly');

/** An outage: 500 is DT One's unexpected error (1009001), any other 5xx its service unavailable. */
export const outage = (status: number) =>
  status === 500
    ? new DtoneError(500, 1009001, 'Unexpected error (sandbox failure switch)')
    : new DtoneError(status, 1009503, 'Service unavailable, retry later (sandbox failure switch)');
