import { describe, expect, it } from 'vitest';
import { errorsAfterChange, errorsOf, refusedErrors } from './field-errors';

describe('errors kept until fixed', () => {
  type Field = 'zip' | 'city' | 'email';
  const values = { zip: '1011', city: '', email: 'taken@example.com' };

  it('keep a problem while the field fails its check, with the field’s problem of now', () => {
    const errors = errorsOf<Field>({ zip: 'postcodeRequired', city: 'cityRequired' });
    expect(errorsAfterChange(errors, values, { zip: 'postcodeInvalid', city: 'cityRequired' })).toEqual({
      zip: { key: 'postcodeInvalid' },
      city: { key: 'cityRequired' },
    });
    expect(errorsAfterChange(errors, { ...values, city: 'Berlin' }, { zip: 'postcodeInvalid' })).toEqual({
      zip: { key: 'postcodeInvalid' },
    });
  });

  it('keep a refusal while the field holds the refused value', () => {
    const errors = { email: { key: 'usernameExists', refused: 'taken@example.com' } };
    expect(errorsAfterChange<Field>(errors, values, {})).toEqual(errors);
    expect(errorsAfterChange<Field>(errors, { ...values, email: 'free@example.com' }, {})).toEqual({});
  });

  it('show no new error before the form is sent again', () => {
    expect(errorsAfterChange<Field>({}, values, { zip: 'postcodeInvalid' })).toEqual({});
  });
});

describe('a refusal of the API', () => {
  it('stands beside its field with the value refused, and goes once that value changes', () => {
    const values = { email: 'taken@example.com', city: 'Berlin' };
    const errors = refusedErrors<'email' | 'city'>('email', 'usernameExists', values);
    expect(errors).toEqual({ email: { key: 'usernameExists', refused: 'taken@example.com' } });
    expect(errorsAfterChange(errors, { ...values, city: 'Bonn' }, {})).toEqual(errors);
    expect(errorsAfterChange(errors, { ...values, email: 'taken@example.co' }, {})).toEqual({});
  });
});
