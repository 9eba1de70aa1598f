import { getTranslations } from 'next-intl/server';

const STEPS = [
  ['howItWorksNumber', 'howItWorksNumberText'],
  ['howItWorksAmount', 'howItWorksAmountText'],
  ['howItWorksPay', 'howItWorksPayText'],
] as const;

/** The three steps of a top-up: number, amount, pay. */
export async function HowItWorks({ provider }: { provider: string }) {
  const t = await getTranslations('common');
  return (
    <section className="how-it-works card card--quiet" aria-labelledby="how-it-works">
      <h2 id="how-it-works">{t('howItWorksTitle')}</h2>
      <ol>
        {STEPS.map(([title, text]) => (
          <li key={title}>
            <strong>{t(title)}</strong>
            <span>{t(text, { provider })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
