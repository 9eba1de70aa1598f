import { describe, expect, it } from 'vitest';
import { codeProblem } from './code-check';

describe('codeProblem', () => {
  it('takes exactly the code’s digits', () => {
    expect(codeProblem('123456', 6)).toBeUndefined();
    expect(codeProblem('12345', 6)).toBe('otpFormat');
    expect(codeProblem('1234567', 6)).toBe('otpFormat');
    expect(codeProblem('12345a', 6)).toBe('otpFormat');
    expect(codeProblem('', 6)).toBe('otpFormat');
  });
});
