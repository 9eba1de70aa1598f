import { describe, expect, it } from 'vitest';
import { tenants } from '../index';
import type { TenantConfig } from '../schema';
import { splitFrontMatter } from './front-matter';
import { contentLibrary, createContentLibrary } from './index';
import { fillPlaceholders, placeholdersIn } from './placeholders';

const tenant = (shopId: string): TenantConfig => {
  const found = tenants().byId(shopId);
  if (!found) throw new Error(shopId);
  return found;
};

describe('the content of the shops', () => {
  it('has every page each tenant offers in each of its languages, every placeholder filled', () => {
    expect(contentLibrary().problems(tenants().all)).toEqual([]);
  });

  it("fills the imprint with the company's details and the phrases of its country", () => {
    const funkfix = tenant('funkfix');
    const imprint = contentLibrary().page(funkfix, 'de', 'imprint');
    for (const detail of [
      'FunkFix Mobile GmbH',
      'Amtsgericht Charlottenburg',
      'HRB 214578 B',
      'DE318274615',
    ]) {
      expect(imprint?.markdown).toContain(detail);
    }
    expect(imprint?.markdown).toContain('§ 5 DDG');
    expect(imprint?.markdown).toContain('Jana Petersen und Murat Yılmaz');
    const austrian = contentLibrary().page(tenant('alpenfunk'), 'de', 'imprint');
    expect(austrian?.markdown).toContain('§ 25 MedienG');
    expect(austrian?.markdown).toContain('FN 498321 t');
  });

  it('names the statistics services the tenant runs, and none it does not', () => {
    const ladeplatz = contentLibrary().page(tenant('ladeplatz'), 'en', 'privacy')?.markdown;
    expect(ladeplatz).toContain('Google Tag Manager');
    expect(ladeplatz).toContain('Hotjar');
    expect(ladeplatz).not.toContain('Xtremepush');
  });
});

describe('a page of a tenant', () => {
  const funkfix = tenant('funkfix');
  const files = new Map([
    ['templates/de/terms.md', 'AGB von {{company.legalName}}'],
    ['templates/de/about-us.md', 'Wir sind {{providerName}}.'],
    ['tenants/funkfix/de/about-us.md', 'Die eigene Geschichte von {{providerName}}.'],
    ['tenants/funkfix/de/kampagne.md', '---\ntitle: Bonus bei {{providerName}}\n---\nText'],
    ['templates/de/kampagne.md', 'a template an advertisement never uses'],
  ]);
  const library = createContentLibrary(files);

  it("is the tenant's own text where it has one, else the language's template", () => {
    expect(library.page(funkfix, 'de', 'about-us')).toMatchObject({
      source: 'tenants/funkfix/de/about-us.md',
      markdown: 'Die eigene Geschichte von FunkFix.',
    });
    expect(library.page(funkfix, 'de', 'terms')).toMatchObject({
      source: 'templates/de/terms.md',
      markdown: 'AGB von FunkFix Mobile GmbH',
    });
    expect(library.page(funkfix, 'en', 'terms')).toBeUndefined();
  });

  it('of advertising is its own file alone, its front matter filled too', () => {
    const withCampaign = { ...funkfix, advertisementPages: [{ slug: 'kampagne', image: '/a.svg' }] };
    expect(library.page(withCampaign, 'de', 'kampagne')).toEqual({
      source: 'tenants/funkfix/de/kampagne.md',
      markdown: 'Text',
      data: { title: 'Bonus bei FunkFix' },
    });
    const withoutOwnText = { ...withCampaign, shopId: 'tarifwerk' };
    expect(library.page(withoutOwnText, 'de', 'kampagne')).toBeUndefined();
  });
});

describe('the check of the content', () => {
  it('names a missing page, an unknown placeholder and a missing front matter field', () => {
    const funkfix = { ...tenant('funkfix'), advertisementPages: [{ slug: 'kampagne', image: '/a.svg' }] };
    const files = new Map([
      ['templates/de/about-us.md', 'Wir sind {{providerName}} alias {{nickname}}.'],
      ['templates/de/contact.md', 'Kontakt'],
      ['templates/de/privacy.md', 'Datenschutz nach {{law.gdpr}}'],
      ['templates/de/law.json', JSON.stringify({ de: { gdpr: 'DSGVO' } })],
      ['templates/de/terms.md', 'AGB'],
      ['tenants/funkfix/de/kampagne.md', '---\ntitle: Bonus\nimageAlt: Ein Bild\n---\nText'],
    ]);
    expect(createContentLibrary(files).problems([funkfix])).toEqual([
      'funkfix de /about-us: no value for {{nickname}} (templates/de/about-us.md)',
      'funkfix de /imprint: no text (looked for tenants/funkfix/de/imprint.md, templates/de/imprint.md)',
      'funkfix de /kampagne: no description in the front matter (tenants/funkfix/de/kampagne.md)',
    ]);
  });

  it('finds a law phrase the company’s country lacks', () => {
    const alpenfunk = { ...tenant('alpenfunk'), locales: ['de' as const] };
    const files = new Map([
      ['templates/de/privacy.md', 'Nach {{law.gdpr}}'],
      ['templates/de/law.json', JSON.stringify({ de: { gdpr: 'DSGVO' } })],
    ]);
    expect(createContentLibrary(files).problems([alpenfunk])).toContain(
      'alpenfunk de /privacy: no value for {{law.gdpr}} (templates/de/privacy.md)',
    );
  });

  it('finds a support contact on a tenant that hides customer support', () => {
    const topnet = tenant('topnet');
    const files = new Map([['templates/en/contact.md', 'Write to {{supportEmail}} or {{helpDesk.email}}.']]);
    const problems = createContentLibrary(files).problems([topnet]);
    expect(problems).toContain(
      `topnet en /contact: names ${topnet.helpDesk.email}, but the tenant hides customer support`,
    );
    expect(problems).toContain(
      `topnet en /contact: names ${topnet.supportEmail}, but the tenant hides customer support`,
    );
  });
});

describe('placeholders', () => {
  it('are filled where a value exists and kept where none does', () => {
    const text = 'Hi {{ name }}, {{unknown}} and {{name}}';
    expect(fillPlaceholders(text, { name: 'Ada' })).toBe('Hi Ada, {{unknown}} and Ada');
    expect(placeholdersIn(fillPlaceholders(text, { name: 'Ada' }))).toEqual(['unknown']);
  });
});

describe('front matter', () => {
  it('is the flat key: value lines between the dashes, and the rest is the body', () => {
    expect(splitFrontMatter('---\ntitle: A: B\nimageAlt: x\n---\n# Body\n')).toEqual({
      data: { title: 'A: B', imageAlt: 'x' },
      body: '# Body\n',
    });
    expect(splitFrontMatter('No front matter')).toEqual({ data: {}, body: 'No front matter' });
  });
});
