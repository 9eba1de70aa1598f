import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DtoneSandbox, startDtoneSandbox } from './test-support';

let sandbox: DtoneSandbox;
beforeAll(async () => {
  sandbox = await startDtoneSandbox();
});
afterAll(() => sandbox.close());

const germany = { iso_code: 'DEU', name: 'Germany', regions: null };
const austria = { iso_code: 'AUT', name: 'Austria', regions: null };

describe('POST /dtone/v1/lookup/mobile-number', () => {
  it('identifies a FunkFix number and lists the other German operators after it', async () => {
    const response = await sandbox.api('POST', '/lookup/mobile-number', { mobile_number: '+4917012345678' });
    expect(response.status).toBe(200);
    expect(response.json[0]).toEqual({
      id: 4101,
      name: 'FunkFix Germany',
      country: germany,
      regions: null,
      identified: true,
    });
    expect(response.json.map((operator: { id: number }) => operator.id)).toEqual([
      4101, 4102, 4103, 4104, 4105,
    ]);
    expect(response.json.slice(1).every((operator: { identified: boolean }) => !operator.identified)).toBe(
      true,
    );
    expect(response.headers.get('x-total')).toBe('5');
    expect(response.headers.get('x-page')).toBe('1');
  });

  it('identifies an AlpenFunk number in Austria', async () => {
    const response = await sandbox.api('POST', '/lookup/mobile-number', { mobile_number: '+436601234567' });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      { id: 4201, name: 'AlpenFunk Austria', country: austria, regions: null, identified: true },
      { id: 4202, name: 'Bergnetz Austria', country: austria, regions: null, identified: false },
    ]);
  });

  it('lists the country’s operators, none identified, for a number no brand owns', async () => {
    const response = await sandbox.api('POST', '/lookup/mobile-number', { mobile_number: '+493012345678' });
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(5);
    expect(response.json.some((operator: { identified: boolean }) => operator.identified)).toBe(false);
  });

  it('answers 404 (1005005) for a number of a country the sandbox does not serve', async () => {
    const response = await sandbox.api('POST', '/lookup/mobile-number', { mobile_number: '+15551234567' });
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ errors: [{ code: 1005005, message: expect.any(String) }] });
  });

  it('answers 400 (1000400) for a number that is not E.164', async () => {
    for (const body of [{ mobile_number: '4917012345678' }, { mobile_number: 4917012345678 }, {}]) {
      const response = await sandbox.api('POST', '/lookup/mobile-number', body);
      expect(response.status).toBe(400);
      expect(response.json.errors[0].code).toBe(1000400);
    }
  });

  it('pages the list with page and per_page', async () => {
    const response = await sandbox.api('POST', '/lookup/mobile-number', {
      mobile_number: '+4917012345678',
      page: 2,
      per_page: 2,
    });
    expect(response.json.map((operator: { id: number }) => operator.id)).toEqual([4103, 4104]);
    expect(response.headers.get('x-total-pages')).toBe('3');
    expect(response.headers.get('x-next-page')).toBe('3');
    expect(response.headers.get('x-prev-page')).toBe('1');
  });
});

describe('GET /dtone/v1/lookup/mobile-number/{mobile_number}', () => {
  it('answers as the POST form does, the + literal or encoded', async () => {
    for (const path of ['/lookup/mobile-number/+4917012345678', '/lookup/mobile-number/%2B4917012345678']) {
      const response = await sandbox.api('GET', path);
      expect(response.status).toBe(200);
      expect(response.json[0]).toMatchObject({ id: 4101, identified: true });
    }
  });
});

describe('operators', () => {
  it('lists the operators of a country and shows one by id', async () => {
    const list = await sandbox.api('GET', '/operators?country_iso_code=GBR');
    expect(list.json.map((operator: { name: string }) => operator.name)).toEqual([
      'TopNet United Kingdom',
      'CallHome United Kingdom',
    ]);
    const one = await sandbox.api('GET', '/operators/4301');
    expect(one.json).toEqual({
      id: 4301,
      name: 'BelWaarde Netherlands',
      country: { iso_code: 'NLD', name: 'Netherlands', regions: null },
      regions: null,
    });
    const unknown = await sandbox.api('GET', '/operators/99');
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0].code).toBe(1005006);
  });
});
