import type { DemoPost } from './demo-post';

const AUTHOR = 'Jana Berger';

/** Ladeplatz's blog, in German and English. */
export const LADEPLATZ_POSTS: readonly DemoPost[] = [
  {
    slug: 'top-up-abroad',
    publishedAt: '2026-10-14T08:00:00Z',
    authorName: AUTHOR,
    texts: {
      de: {
        title: 'Guthaben aufladen im Ausland',
        excerpt:
          'Im Urlaub ist das Guthaben fast leer? So lädst du dein Prepaid-Handy von überall auf – ohne Umweg über einen Laden.',
        body: `Im Urlaub merkt man oft erst am Flughafen, dass das Guthaben knapp wird. Mit Ladeplatz lädst du dein deutsches Prepaid-Handy von jedem Ort der Welt auf, solange du online bist.

## So gehst du vor

1. Öffne den [Shop](/shop) und wähle die Marke deiner SIM-Karte.
2. Gib deine Rufnummer mit Ländervorwahl ein, also zum Beispiel **+49 170 …**.
3. Wähle den Betrag und bezahle mit Karte, PayPal oder Krypto.

Das Guthaben kommt meist nach wenigen Sekunden an. Eine SMS deines Anbieters bestätigt die Aufladung.

## Gut zu wissen

- **Roaming kostet extra:** Innerhalb der EU surfst und telefonierst du zu Inlandspreisen. Außerhalb der EU können Gespräche und Daten deutlich teurer sein; prüfe die Preise deines Tarifs vor der Reise.
- **WLAN nutzen:** Zum Aufladen reicht das WLAN im Hotel oder Café. Dein Datenvolumen brauchst du dafür nicht.
- **Für andere aufladen:** Du kannst auch die Nummer von Familie oder Freunden eingeben. Sie brauchen nur eine SIM-Karte einer Marke, die wir führen.

Tipp: Richte vor der Reise eine automatische Aufladung ein, dann musst du unterwegs an nichts denken.`,
      },
      en: {
        title: 'Topping up while abroad',
        excerpt:
          'Running low on credit on holiday? Here is how to top up your prepaid phone from anywhere, no shop visit needed.',
        body: `On holiday you often notice at the airport that your credit is running low. With Ladeplatz you can top up your German prepaid phone from anywhere in the world, as long as you are online.

## How it works

1. Open the [shop](/shop) and choose the brand of your SIM card.
2. Enter your number with its country code, for example **+49 170 …**.
3. Pick the amount and pay by card, PayPal or crypto.

The credit usually arrives within seconds, and your provider confirms it by SMS.

## Good to know

- **Roaming costs extra:** within the EU you call and browse at home prices. Outside the EU calls and data can cost a lot more; check your plan's prices before you travel.
- **Use Wi-Fi:** the Wi-Fi at your hotel or café is all you need to top up. It does not use your mobile data.
- **Top up for someone else:** you can enter the number of family or friends too. They only need a SIM card of a brand we sell.

Tip: set up an automatic top-up before you leave, and you will not have to think about credit on the way.`,
      },
    },
  },
  {
    slug: 'voucher-code-not-working',
    publishedAt: '2026-09-02T08:00:00Z',
    authorName: AUTHOR,
    texts: {
      de: {
        title: 'Gutscheincode funktioniert nicht? Das kannst du tun',
        excerpt:
          'Der Code wird abgelehnt? Meist liegt es an einem Tippfehler oder der falschen Region. Diese Schritte helfen in fast jedem Fall.',
        body: `Du hast einen Gutschein gekauft, aber beim Einlösen erscheint eine Fehlermeldung? Keine Sorge: In den meisten Fällen ist das schnell gelöst.

## 1. Den Code genau prüfen

Vergleiche den Code Zeichen für Zeichen. Häufige Verwechslungen sind **0 und O**, **1 und I** sowie **5 und S**. Kopiere den Code am besten direkt aus der Bestätigung, statt ihn abzutippen, und achte auf Leerzeichen am Anfang oder Ende.

## 2. Am richtigen Ort einlösen

Jeder Gutschein gilt nur bei seinem Anbieter und oft nur in einer Region. Ein Code für ein deutsches Konto lässt sich zum Beispiel nicht in einem Konto aus einem anderen Land einlösen.

## 3. Wurde der Code schon benutzt?

Ein Code lässt sich nur einmal einlösen. Prüfe im Konto des Anbieters, ob das Guthaben vielleicht schon gutgeschrieben wurde.

## Wo du deinen Code wiederfindest

- auf der Ergebnisseite direkt nach dem Kauf,
- in der Bestätigung per E-Mail, SMS oder WhatsApp,
- in deinem [Kundenkonto](/account/orders) unter deinen Bestellungen.

Hilft nichts davon, [schreib uns](/contact) mit deiner Bestellnummer. Wir prüfen den Code beim Anbieter und finden eine Lösung.`,
      },
      en: {
        title: 'Voucher code not working? Here is what to do',
        excerpt:
          'Code refused? Usually it is a typo or the wrong region. These steps solve nearly every case.',
        body: `You bought a voucher, but redeeming it shows an error? Don't worry: most of the time it is quickly solved.

## 1. Check the code closely

Compare the code character by character. Common mix-ups are **0 and O**, **1 and I**, and **5 and S**. Copy the code straight from your confirmation instead of typing it, and watch out for spaces at the start or end.

## 2. Redeem it in the right place

Every voucher works only with its own provider, and often only in one region. A code for a German account, for example, cannot be redeemed in an account from another country.

## 3. Has the code been used already?

A code can be redeemed only once. Check your account with the provider: the credit may already be there.

## Where to find your code again

- on the result page right after buying,
- in the confirmation by e-mail, SMS or WhatsApp,
- in your [account](/account/orders) under your orders.

If none of this helps, [contact us](/contact) with your order number. We check the code with the provider and find a solution.`,
      },
    },
  },
  {
    slug: 'automatic-top-up',
    publishedAt: '2026-07-21T08:00:00Z',
    authorName: AUTHOR,
    texts: {
      de: {
        title: 'So funktioniert die automatische Aufladung',
        excerpt:
          'Nie wieder ohne Guthaben: Die automatische Aufladung lädt dein Handy nach Plan oder wenn das Guthaben knapp wird.',
        body: `Mit der automatischen Aufladung musst du nicht mehr daran denken, Guthaben nachzukaufen. Du legst einmal fest, wann und wie viel aufgeladen wird – den Rest erledigen wir.

## Drei Arten zur Auswahl

- **Bei niedrigem Guthaben:** Fällt dein Guthaben unter eine Grenze, die du selbst wählst, laden wir automatisch auf.
- **Wöchentlich:** an einem festen Wochentag, zum Beispiel immer montags.
- **Monatlich:** an einem festen Tag im Monat.

## So richtest du sie ein

1. Wähle im [Shop](/shop) deine Marke und deinen Betrag.
2. Entscheide dich für „Automatisch“ und wähle die Art der Aufladung.
3. Bezahle mit Karte oder PayPal. Die Zahlungsart wird für die nächsten Aufladungen gespeichert.

## Du behältst die Kontrolle

In deinem Konto unter [Automatische Aufladungen](/account/automatic-topups) siehst du jede Aufladung. Dort kannst du eine Aufladung pausieren, die Zahlungsart ändern, ein Monatslimit setzen oder sie mit einem Klick beenden. Abgebucht wird nur, was wirklich aufgeladen wurde.`,
      },
      en: {
        title: 'How automatic top-up works',
        excerpt:
          'Never run out of credit again: automatic top-up refills your phone on a schedule or when your balance runs low.',
        body: `With automatic top-up you no longer have to remember to buy credit. You decide once when and how much to top up, and we do the rest.

## Three kinds to choose from

- **On low balance:** when your credit falls below a limit you choose, we top up automatically.
- **Weekly:** on a fixed day of the week, for example every Monday.
- **Monthly:** on a fixed day of the month.

## How to set it up

1. In the [shop](/shop), choose your brand and your amount.
2. Pick "Automatic" and choose the kind of top-up.
3. Pay by card or PayPal. The payment method is saved for the next top-ups.

## You stay in control

In your account under [automatic top-ups](/account/automatic-topups) you see every top-up. There you can pause one, change the payment method, set a monthly limit or cancel it in one click. You are only ever charged for credit that was really topped up.`,
      },
    },
  },
  {
    slug: 'gaming-gift-cards',
    publishedAt: '2026-06-05T08:00:00Z',
    authorName: AUTHOR,
    texts: {
      de: {
        title: 'Gaming-Guthabenkarten einfach erklärt',
        excerpt:
          'Spiele, Erweiterungen und Abos ohne Kreditkarte bezahlen: Was Gaming-Guthabenkarten sind und worauf du beim Kauf achten solltest.',
        body: `Gaming-Guthabenkarten sind digitale Gutscheine für Spiele-Plattformen. Du kaufst einen festen Betrag und erhältst einen Code, den du in deinem Spielkonto einlöst. Danach kannst du mit dem Guthaben Spiele, Erweiterungen oder Abos kaufen.

## Warum eine Guthabenkarte?

- **Keine Kreditkarte nötig:** Das Spielkonto braucht keine hinterlegte Zahlungsart.
- **Volle Kostenkontrolle:** Es kann nur ausgegeben werden, was aufgeladen ist. Ideal auch als Geschenk für Kinder und Jugendliche.
- **Sofort verfügbar:** Der Code kommt direkt nach dem Kauf auf der Ergebnisseite und per E-Mail, auf Wunsch auch per SMS oder WhatsApp.

## Darauf solltest du achten

1. **Die richtige Plattform:** Ein Code gilt nur für die Plattform, für die er gekauft wurde.
2. **Die Region des Kontos:** Die meisten Karten funktionieren nur mit Konten aus demselben Land. Unsere Karten sind für Konten in Deutschland.
3. **Den Code geheim halten:** Wer den Code kennt, kann ihn einlösen. Seriöse Anbieter fragen nie am Telefon oder per Chat nach einem Code.

Alle Guthabenkarten findest du im [Shop](/shop) in der Kategorie Gaming.`,
      },
      en: {
        title: 'Gaming gift cards explained',
        excerpt:
          'Pay for games, add-ons and subscriptions without a credit card: what gaming gift cards are and what to check before you buy.',
        body: `Gaming gift cards are digital vouchers for gaming platforms. You buy a fixed amount and receive a code that you redeem in your gaming account. Then you can spend the credit on games, add-ons or subscriptions.

## Why a gift card?

- **No credit card needed:** the gaming account does not need a stored payment method.
- **Full control of spending:** only what has been loaded can be spent. A good gift for children and teenagers, too.
- **Available at once:** the code appears right after buying on the result page and by e-mail, and by SMS or WhatsApp if you like.

## What to check

1. **The right platform:** a code only works on the platform it was bought for.
2. **The account's region:** most cards only work with accounts from the same country. Our cards are for accounts in Germany.
3. **Keep the code secret:** anyone who knows the code can redeem it. Genuine companies never ask for a code by phone or chat.

You find all gift cards in the [shop](/shop) under Gaming.`,
      },
    },
  },
];
