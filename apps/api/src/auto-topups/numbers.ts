/** A number as automatic top-ups keep it: E.164 with its +, digits only otherwise. */
export function normaliseMsisdn(input: string): string | undefined {
  const digits = input.replace(/[\s()./-]/g, '');
  const match = /^\+?(\d{6,15})$/.exec(digits.startsWith('00') ? `+${digits.slice(2)}` : digits);
  return match ? `+${match[1]}` : undefined;
}
