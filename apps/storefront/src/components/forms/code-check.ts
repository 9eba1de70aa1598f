/** The problem of a code as typed, as a message key: it must be exactly `length` digits. */
export function codeProblem(code: string, length: number): string | undefined {
  return new RegExp(`^\\d{${length}}$`).test(code) ? undefined : 'otpFormat';
}
